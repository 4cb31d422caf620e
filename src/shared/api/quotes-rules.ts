import { formatInr } from '../money';

// Decision 0017: a bulk quote's limits, words and price rules, without Zod, so that pages show them
// without loading it (docs/performance.md "JavaScript budget"); quotes.ts re-exports them with its
// schemas.

export const QUOTE_DEFAULT_VALID_DAYS = 7;
export const QUOTE_MAX_VALID_DAYS = 30;

export const QUOTE_MESSAGES = {
  noContact: "Give the customer's e-mail or phone number, or quote from their enquiry",
  noAddress: 'Add the delivery address (the enquiry has none)',
  signInToPay: 'Sign in with the e-mail address this quote was sent to, to pay it.',
  enquiryNotFound: 'Bulk enquiry not found',
  quoteNotFound: 'Quote not found',
  expired: 'This quote has expired. Please ask us for a new one.',
  alreadyPaid: 'This quote has already been paid.',
  cancelled: 'This quote was withdrawn. Please ask us for a new one.',
  duplicateProduct: 'Each product may appear only once in a quote',
} as const;

/**
 * The owner's rule for negotiated prices (QUOTE_MAX_DISCOUNT_PERCENT): a line may be agreed at any
 * price from the list price down to this many percent below it, never lower and never above it.
 */
export const quoteFloorPaise = (listPaise: number, maxDiscountPercent: number) =>
  Math.ceil((listPaise * (100 - maxDiscountPercent)) / 100);

/** Why an agreed price breaks the rule, or null when it keeps it. */
export function negotiatedPriceProblem(
  name: string,
  listPaise: number,
  agreedPaise: number,
  maxDiscountPercent: number,
): string | null {
  if (agreedPaise > listPaise) {
    return `${name}: the agreed price cannot be above the list price of ${formatInr(listPaise / 100)}`;
  }
  const floor = quoteFloorPaise(listPaise, maxDiscountPercent);
  if (agreedPaise < floor) {
    return `${name}: the agreed price can be at most ${maxDiscountPercent}% below the list price, so at least ${formatInr(floor / 100)}`;
  }
  return null;
}

export const quoteQuantityMessage = (name: string, min: number) =>
  `${name} is sold in quantities of ${min} or more`;
export const quoteStockMessage = (name: string, stock: number) =>
  `Only ${stock.toLocaleString('en-IN')} of ${name} in stock, and it is not open for pre-orders. Lower the quantity or allow pre-orders.`;

export const QUOTE_STATES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** "50 × ₹108 each (10% off ₹120)", as the quote, its preview and its e-mail show a line. */
export function quoteLinePrice(line: {
  quantity: number;
  unitPrice: number;
  percentOff: number;
  listPrice: number;
  negotiated?: boolean;
}): string {
  const each = `${line.quantity.toLocaleString('en-IN')} × ${formatInr(line.unitPrice)} each`;
  if (line.negotiated) return `${each} (agreed price; list price ${formatInr(line.listPrice)})`;
  return line.percentOff > 0 ? `${each} (${line.percentOff}% off ${formatInr(line.listPrice)})` : each;
}
