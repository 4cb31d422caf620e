// Gift options per order without Zod, so that checkout and the payment page use them without
// loading it (docs/performance.md "JavaScript budget"); the schemas that parse them are in
// gift-options.ts, which re-exports these.

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

/** What the shopper chose under "This is a gift", as GiftOptions in gift-options.ts reads it. */
export type GiftOptions = { message: string | null; hidePrices: boolean; recipientEmail: string | null };

/** An order's gift options as the API returns them: null when the order is not a gift. */
export type GiftRecord = GiftOptions;

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
