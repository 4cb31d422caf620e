import { z } from 'zod';
import {
  GIFT_MESSAGE_MAX,
  GIFT_MESSAGES,
  type GiftOptions as GiftOptionsShape,
  type GiftRecord as GiftRecordShape,
  giftMessageLength,
  normaliseGiftMessage,
} from './gift-options-rules';
import { hasControlCharacters } from './plain-text';

// Gift options per order. The checkout form and the server parse with this one schema. The limits,
// words and the stored columns' conversions are in gift-options-rules.ts (no Zod), re-exported here.
export * from './gift-options-rules';

export const GiftMessage = z
  .string()
  // What arrives is bounded before it is tidied; twice the limit leaves room for \r\n
  // line breaks and spaces at the ends, which tidying takes off.
  .max(GIFT_MESSAGE_MAX * 2, { error: GIFT_MESSAGES.tooLong, abort: true })
  .transform(normaliseGiftMessage)
  .refine((message) => giftMessageLength(message) <= GIFT_MESSAGE_MAX, GIFT_MESSAGES.tooLong)
  .refine((message) => !hasControlCharacters(message), GIFT_MESSAGES.notPlainText);

/** Optional: the recipient gets "A gift is on its way" when the order ships (decision 0014). */
export const GiftRecipientEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, GIFT_MESSAGES.recipientEmail)
  .refine((email) => email === '' || z.email().safeParse(email).success, GIFT_MESSAGES.recipientEmail);

/**
 * What the shopper chose under "This is a gift". An empty message is no message; hidePrices keeps
 * amounts off the packing slip.
 */
export const GiftOptions = z.object({
  message: GiftMessage.nullish().transform((message) => message || null),
  hidePrices: z.boolean({ error: 'Hide prices must be true or false' }).default(false),
  recipientEmail: GiftRecipientEmail.nullish().transform((email) => email || null),
}) satisfies z.ZodType<GiftOptionsShape>;
export type GiftOptions = z.infer<typeof GiftOptions>;
export type GiftOptionsInput = z.input<typeof GiftOptions>;

/** An order's gift options as the API returns them: null when the order is not a gift. */
export const GiftRecord = z.object({
  message: z.string().nullable(),
  hidePrices: z.boolean(),
  recipientEmail: z.string().nullable(),
}) satisfies z.ZodType<GiftRecordShape>;
export type GiftRecord = z.infer<typeof GiftRecord>;
