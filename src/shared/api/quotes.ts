import { z } from 'zod';
import { AddressForm, ShippingAddress } from '../address';
import { Email } from '../auth';
import { formatInr } from '../money';
import { BULK_MAX_QUANTITY } from './bulk-enquiries';
import { DeliveryEstimate } from './orders';
import { MAX_ORDER_LINES } from './payments';

// Issue 13 item 4: a bulk quote the owner sends as a payable link. The owner names products and
// quantities; the server prices them from its own rows and the products' quantity tiers (anything
// else in the body, a price included, is dropped by the schema). Money in rupees, as at every edge.

export const QUOTE_DEFAULT_VALID_DAYS = 7;
export const QUOTE_MAX_VALID_DAYS = 30;

export const QUOTE_MESSAGES = {
  noCustomer: 'No customer account uses this e-mail. Ask the customer to register on the store first.',
  enquiryNotFound: 'Bulk enquiry not found',
  quoteNotFound: 'Quote not found',
  expired: 'This quote has expired. Please ask us for a new one.',
  alreadyPaid: 'This quote has already been paid.',
  cancelled: 'This quote was withdrawn. Please ask us for a new one.',
  duplicateProduct: 'Each product may appear only once in a quote',
} as const;

export const quoteQuantityMessage = (name: string, min: number) =>
  `${name} is sold in quantities of ${min} or more`;
export const quoteStockMessage = (name: string, stock: number) =>
  `Only ${stock.toLocaleString('en-IN')} of ${name} in stock, and it is not open for pre-orders. Lower the quantity or allow pre-orders.`;

export const QuoteLineInput = z.object({
  productId: z.coerce
    .number({ error: 'Choose a product' })
    .int('Choose a product')
    .positive('Choose a product')
    .max(2_147_483_647, 'Choose a product'),
  quantity: z.coerce
    .number({ error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(BULK_MAX_QUANTITY, `Quantity must be at most ${BULK_MAX_QUANTITY.toLocaleString('en-IN')}`),
});
export type QuoteLineInput = z.infer<typeof QuoteLineInput>;

/** POST /api/admin/quotes (and its preview). */
export const NewQuote = z.object({
  customerEmail: Email,
  bulkEnquiryId: z.number().int().positive().max(2_147_483_647).nullish(),
  lines: z
    .array(QuoteLineInput)
    .min(1, 'Add at least one product')
    .max(MAX_ORDER_LINES, `A quote may have at most ${MAX_ORDER_LINES} lines`)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      message: QUOTE_MESSAGES.duplicateProduct,
    }),
  shippingAddress: ShippingAddress,
  /** How long the link can be paid; the stock stays reserved for as long. */
  validDays: z.coerce
    .number()
    .int('Valid days must be a whole number')
    .min(1, 'A quote is valid for at least 1 day')
    .max(QUOTE_MAX_VALID_DAYS, `A quote is valid for at most ${QUOTE_MAX_VALID_DAYS} days`)
    .default(QUOTE_DEFAULT_VALID_DAYS),
});
export type NewQuote = z.infer<typeof NewQuote>;
export type NewQuoteInput = z.input<typeof NewQuote>;

export const QuoteLine = z.object({
  productId: z.number().int(),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** The product's list price per piece, rupees. */
  listPrice: z.number(),
  /** The tier's discount, 0 when the quantity earns none. */
  percentOff: z.number().int(),
  /** The price per piece after the tier, rupees. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  isPreOrder: z.boolean(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

export const QUOTE_STATES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const Quote = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** open: can be paid; paid: an ordinary order now; expired or cancelled: cannot be paid. */
  state: z.enum(QUOTE_STATES),
  orderStatus: z.string(),
  customerEmail: z.string(),
  lines: z.array(QuoteLine),
  subtotal: z.number(),
  shippingCost: z.number(),
  total: z.number(),
  shippingAddress: AddressForm,
  deliveryEstimate: DeliveryEstimate.nullable(),
  expiresAt: z.string().nullable(),
  /** Where the customer opens it: /quote/{orderId}. */
  path: z.string(),
});
export type Quote = z.infer<typeof Quote>;

export const QuoteResponse = z.object({ quote: Quote });
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/** What a quote would be, before it is sent: the same pricing, nothing stored. */
export const QuotePreview = z.object({
  lines: z.array(QuoteLine),
  subtotal: z.number(),
  shippingCost: z.number(),
  total: z.number(),
});
export type QuotePreview = z.infer<typeof QuotePreview>;

/** "50 × ₹108 each (10% off ₹120)", as the quote, its preview and its e-mail show a line. */
export function quoteLinePrice(
  line: Pick<QuoteLine, 'quantity' | 'unitPrice' | 'percentOff' | 'listPrice'>,
): string {
  const each = `${line.quantity.toLocaleString('en-IN')} × ${formatInr(line.unitPrice)} each`;
  return line.percentOff > 0 ? `${each} (${line.percentOff}% off ${formatInr(line.listPrice)})` : each;
}

export const QuoteIdParams = z.object({ orderId: z.string().min(1).max(100) });
