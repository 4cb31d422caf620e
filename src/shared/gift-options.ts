import { z } from 'zod';
import { hasControlCharacters } from './plain-text';

// Gift options per order. The checkout form and the server parse with this one schema.

export const GIFT_MESSAGE_MAX = 250;

export const GIFT_MESSAGES = {
  tooLong: `Your gift message must be at most ${GIFT_MESSAGE_MAX} characters`,
  notPlainText: 'Your gift message must be plain text',
  recipientEmail: "Please enter a valid email address for the gift's recipient",
} as const;

/** Characters by code point (an emoji is one, not two), for the checkout's counter too. */
export const giftMessageLength = (message: string) => [...message].length;

/** Trims the ends and writes every line break as \n, as the textarea and the packing slip show it. */
export const normaliseGiftMessage = (message: string) => message.replace(/\r\n?/g, '\n').trim();

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
});
export type GiftOptions = z.infer<typeof GiftOptions>;
export type GiftOptionsInput = z.input<typeof GiftOptions>;

/** An order's gift options as the API returns them: null when the order is not a gift. */
export const GiftRecord = z.object({
  message: z.string().nullable(),
  hidePrices: z.boolean(),
  recipientEmail: z.string().nullable(),
});
export type GiftRecord = z.infer<typeof GiftRecord>;

type GiftColumns = { giftMessage: string | null; hidePrices: boolean; giftRecipientEmail: string | null };

/** The stored columns for a choice: an empty choice (no message, prices shown, no e-mail) is no gift. */
export function giftColumnsOf(options: GiftOptions | undefined): GiftColumns {
  return {
    giftMessage: options?.message ?? null,
    hidePrices: options?.hidePrices ?? false,
    giftRecipientEmail: options?.recipientEmail ?? null,
  };
}

export function giftRecordOf(columns: GiftColumns): GiftRecord | null {
  if (columns.giftMessage === null && !columns.hidePrices && columns.giftRecipientEmail === null) return null;
  return {
    message: columns.giftMessage,
    hidePrices: columns.hidePrices,
    recipientEmail: columns.giftRecipientEmail,
  };
}
