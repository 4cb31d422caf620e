import { z } from 'zod';
import { GIFT_RECIPIENT_PHONE_MESSAGE } from './notification-rules';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';

export { CART_RESTORE_PARAM, OPT_OUT_PATH } from './notification-links';
export * from './notification-rules';

/**
 * What the shopper agreed to at checkout, stored on the order. `phone` is where WhatsApp and SMS
 * go (their own mobile); `giftRecipient` lets the recipient (`giftRecipientPhone`, else the
 * delivery address's phone) get "a gift is on its way" and "delivered" on WhatsApp, with no price.
 */
export const NotifyConsent = z.object({
  whatsapp: z.boolean({ error: 'WhatsApp updates must be true or false' }),
  sms: z.boolean({ error: 'SMS updates must be true or false' }),
  email: z.boolean({ error: 'E-mail updates must be true or false' }),
  phone: z
    .string()
    .max(PHONE_INPUT_MAX, 'Phone number must be 10 digits')
    .refine(isValidPhone, 'Phone number must be 10 digits')
    .transform(normalisePhone)
    .optional(),
  giftRecipient: z.boolean({ error: 'Gift recipient updates must be true or false' }).default(false),
  /**
   * Decision 0069: the gift recipient's own mobile for the gift's two WhatsApp messages, apart from
   * the buyer's; without it the delivery address's phone is theirs.
   */
  giftRecipientPhone: z
    .string()
    .max(PHONE_INPUT_MAX, GIFT_RECIPIENT_PHONE_MESSAGE)
    .refine(isValidPhone, GIFT_RECIPIENT_PHONE_MESSAGE)
    .transform(normalisePhone)
    .optional(),
});
export type NotifyConsent = z.infer<typeof NotifyConsent>;
export type NotifyConsentInput = z.input<typeof NotifyConsent>;
