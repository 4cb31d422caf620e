import { z } from 'zod';
import { MAX_QUANTITY } from '../cart-rules';
import { MESSAGE_CHANNELS, NOTIFY_CHANNELS } from '../notifications';
import { page } from './admin-fields';
import { MAX_ORDER_LINES } from './payments';

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

/**
 * PUT /api/notifications/checkout-cart: the cart a signed-in shopper has at checkout, so a
 * reminder can bring it back if they leave without paying. Only product and quantity: what a
 * shopper wrote on a personalised line stays in their browser, so such lines are not sent.
 */
export const CheckoutCartLine = z.object({
  productId: z
    .number({ error: 'Product id must be a number' })
    .int('Product id must be a whole number')
    .positive('Product id must be positive')
    .max(2_147_483_647, 'Product id is too large'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`),
});
export type CheckoutCartLine = z.infer<typeof CheckoutCartLine>;
// An empty list says the cart was emptied at checkout: nothing is left to remind of.
export const CheckoutCart = z.object({
  lines: z
    .array(CheckoutCartLine, { error: 'Lines must be a list' })
    .max(MAX_ORDER_LINES, `A cart may have at most ${MAX_ORDER_LINES} lines`)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      message: 'Each product may appear only once',
    }),
});
export type CheckoutCart = z.infer<typeof CheckoutCart>;
export const CheckoutCartAnswer = z.object({ recorded: z.number().int() });
export type CheckoutCartAnswer = z.infer<typeof CheckoutCartAnswer>;

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

/**
 * Decision 0071: "Notify me when it's back" on a sold-out product: one message on WhatsApp or SMS
 * to the account's verified mobile when it is back in stock.
 */
export const StockAlertRequest = z
  .object({
    productId: z
      .number({ error: 'productId must be a product id' })
      .int('productId must be a product id')
      .positive('productId must be a product id')
      .max(2_147_483_647, 'productId must be a product id'),
    channel: z.enum(MESSAGE_CHANNELS, { error: 'channel must be whatsapp or sms' }),
  })
  .strict();
export type StockAlertRequest = z.infer<typeof StockAlertRequest>;

export const StockAlert = z.object({
  productId: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  requestedAt: z.string(),
  /** When the message was queued; null while the product is still sold out. */
  sentAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof StockAlert>;
export const StockAlertAnswer = z.object({ alert: StockAlert.nullable() });
export type StockAlertAnswer = z.infer<typeof StockAlertAnswer>;
export const StockAlertParams = z.object({
  productId: z
    .string()
    .max(9, 'productId must be a product id')
    .regex(/^\d{1,9}$/, 'productId must be a product id')
    .transform(Number),
});
