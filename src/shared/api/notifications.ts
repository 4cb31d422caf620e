import { z } from 'zod';
import { NOTIFY_CHANNELS } from '../notifications';
import { page } from './admin-fields';

// A signed link's token: a base64url payload and its signature, far below this.
const Token = z
  .string({ error: 'The link is incomplete' })
  .min(1, 'The link is incomplete')
  .max(1000, 'The link is not valid');

/** POST /api/notifications/opt-out and GET ?token=: the opt-out link of a message. */
export const OptOutRequest = z.object({ token: Token });
export const OptOutAnswer = z.object({
  channel: z.enum(NOTIFY_CHANNELS),
  /** The last digits of the number (or the masked address), so the page says what it stops. */
  address: z.string(),
  stopped: z.boolean(),
});
export type OptOutAnswer = z.infer<typeof OptOutAnswer>;

/** POST /api/notifications/cart-restore: a cart reminder's link fills the cart again. */
export const CartRestoreRequest = z.object({ token: Token });
export const RestoredLine = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    price: z.number(),
    image: z.string(),
    category: z.string(),
    inStock: z.boolean(),
    allowPreOrder: z.boolean(),
    minQuantity: z.number().int(),
  }),
  quantity: z.number().int(),
  personalisation: z
    .object({ text: z.record(z.string(), z.string()), photo: z.string().nullable() })
    .optional(),
});
export type RestoredLine = z.infer<typeof RestoredLine>;
export const CartRestoreAnswer = z.object({
  lines: z.array(RestoredLine),
  /** Names of what is no longer sold or in stock, left out. */
  unavailable: z.array(z.string()),
});
export type CartRestoreAnswer = z.infer<typeof CartRestoreAnswer>;

/** GET /api/admin/notifications: the WhatsApp and SMS outbox, newest first. */
export const AdminNotificationsQuery = z.object({ page });
export const AdminNotification = z.object({
  id: z.number().int(),
  orderNumber: z.string().nullable(),
  notice: z.string(),
  channel: z.string(),
  recipient: z.string(),
  audience: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  text: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminNotification = z.infer<typeof AdminNotification>;
export const AdminNotifications = z.object({
  data: z.array(AdminNotification),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminNotifications = z.infer<typeof AdminNotifications>;
