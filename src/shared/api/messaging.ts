import { z } from 'zod';
import { page } from './admin-fields';

// ---- The back office's Messages page: what the WhatsApp and SMS sandboxes sent ----

export const AdminMessagesQuery = z.object({ page });
export const AdminMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['whatsapp', 'sms']),
  to: z.string(),
  template: z.string(),
  params: z.array(z.string()),
  text: z.string(),
  /** accepted (by the sandbox), then sent, delivered, read (WhatsApp) or failed. */
  status: z.enum(['accepted', 'sent', 'delivered', 'read', 'failed']),
  providerMessageId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMessage = z.infer<typeof AdminMessage>;
export const AdminMessages = z.object({
  data: z.array(AdminMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Who carries each channel: 'sandbox' (listed here) or the real provider (not listed). */
  providers: z.object({ whatsapp: z.string(), sms: z.string() }),
});
export type AdminMessages = z.infer<typeof AdminMessages>;

// ---- Provider webhooks ----

/** Meta's subscription handshake (GET): hub.mode=subscribe, the verify token, a challenge to echo. */
export const WhatsAppHandshakeQuery = z.object({
  'hub.mode': z.string().max(32).optional(),
  'hub.verify_token': z.string().max(256).optional(),
  'hub.challenge': z.string().max(256).optional(),
});

export const Msg91WebhookQuery = z.object({ token: z.string().max(256).optional() });

/** One delivery report as MSG91's webhook version 3 posts it (unknown fields are dropped). */
const Msg91Report = z.object({
  requestId: z.string().max(64),
  number: z.string().max(20).optional(),
  status: z.union([z.string().max(8), z.number().int()]).optional(),
  desc: z.string().max(64).optional(),
  date: z.string().max(32).optional(),
});
export const Msg91WebhookBody = z.union([Msg91Report, z.array(Msg91Report).max(100)]);

/**
 * A reply by SMS, as the MSG91 virtual number's callback is set up to post it (decision 0032): the
 * sender's mobile (with or without 91) and the text. Other fields are dropped.
 */
export const Msg91InboundBody = z.object({
  sender: z.string().trim().min(1).max(20),
  message: z.string().max(1000),
});

export const WebhookReceived = z.object({ received: z.literal(true) });
