import { z } from 'zod';
import { AddressForm, ShippingAddress } from '../address';
import { Email } from '../auth';
import { PaymentMethod } from '../cash-on-delivery';
import { GSTIN_MESSAGE, isValidGstin, normaliseGstin } from '../gstin';
import { isValidPhone, normalisePhone, PHONE_DIGITS, PHONE_INPUT_MAX } from '../phone';
import { BULK_MAX_QUANTITY } from './bulk-enquiries';
import { DeliveryEstimate } from './orders';
import { MAX_ORDER_LINES } from './payments-rules';
import { QUOTE_DEFAULT_VALID_DAYS, QUOTE_MAX_VALID_DAYS, QUOTE_MESSAGES, QUOTE_STATES } from './quotes-rules';

// Decision 0017: a bulk quote the owner sends as a payable link. The owner names products and
// quantities; the server prices them from its own rows and the products' quantity tiers (anything
// else in the body, a price included, is dropped by the schema). Money in rupees, as at every edge.

// The limits, words and price rules without Zod are in quotes-rules.ts (so that pages show them
// without loading it); they are re-exported here.
export * from './quotes-rules';

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
  /** A negotiated price per piece in rupees; without it the quantity tier prices the line. */
  unitPrice: z.coerce
    .number({ error: 'The agreed price must be a number' })
    .positive('The agreed price must be more than ₹0')
    .max(10_000_000, 'The agreed price is too large')
    .refine(
      (value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6),
      'Use at most two decimals (paise)',
    )
    .nullish(),
});
export type QuoteLineInput = z.infer<typeof QuoteLineInput>;

/** POST /api/admin/quotes (and its preview). */
export const NewQuote = z.object({
  // Who the quote is for: an e-mail, a phone, or both; from the enquiry when one is named. They
  // need no account yet: they open the link, and sign in or register with this e-mail to pay.
  customerEmail: Email.optional(),
  customerPhone: z
    .string()
    .trim()
    .max(PHONE_INPUT_MAX, `Please enter a valid ${PHONE_DIGITS}-digit phone number`)
    .refine(
      (value) => value === '' || isValidPhone(value),
      `Please enter a valid ${PHONE_DIGITS}-digit phone number`,
    )
    .transform((value) => (value === '' ? undefined : normalisePhone(value)))
    .optional(),
  customerName: z.string().trim().max(100, 'Name must be at most 100 characters').optional(),
  bulkEnquiryId: z.number().int().positive().max(2_147_483_647).nullish(),
  /** The business buyer for a B2B invoice; from the enquiry when not given. */
  buyerGstin: z
    .string()
    .trim()
    .max(20, GSTIN_MESSAGE)
    .transform(normaliseGstin)
    .refine((value) => value === '' || isValidGstin(value), GSTIN_MESSAGE)
    .optional(),
  buyerLegalName: z.string().trim().max(200, 'Legal name must be at most 200 characters').optional(),
  lines: z
    .array(QuoteLineInput)
    .min(1, 'Add at least one product')
    .max(MAX_ORDER_LINES, `A quote may have at most ${MAX_ORDER_LINES} lines`)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      message: QUOTE_MESSAGES.duplicateProduct,
    }),
  /** Required unless the enquiry named a delivery address, which is used then. */
  shippingAddress: ShippingAddress.optional(),
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
  /** The owner agreed this price with the customer (within the store's maximum discount). */
  negotiated: z.boolean(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

export const Quote = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** open: can be paid; paid: an ordinary order now; expired or cancelled: cannot be paid. */
  state: z.enum(QUOTE_STATES),
  orderStatus: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  buyerGstin: z.string().nullable(),
  buyerLegalName: z.string().nullable(),
  /** The store's rule for agreed prices: at most this many percent below the list price. */
  maxDiscountPercent: z.number().int(),
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

/** What the owner gets back on sending: the link, absolute, to share by phone or chat as well. */
export const CreatedQuoteResponse = z.object({ quote: Quote, link: z.string() });
export type CreatedQuoteResponse = z.infer<typeof CreatedQuoteResponse>;

/** GET /api/quotes/{orderId}?key=...: the link's secret opens the quote without an account. */
export const QuoteAccessQuery = z.object({ key: z.string().max(100).optional() });

/** POST /quotes/:id/payment: a quote is paid online (decision 0042: never cash on delivery). */
export const QuotePaymentPayload = z.object({ paymentMethod: PaymentMethod.optional() }).nullish();

/** What a quote would be, before it is sent: the same pricing, nothing stored. */
export const QuotePreview = z.object({
  lines: z.array(QuoteLine),
  subtotal: z.number(),
  shippingCost: z.number(),
  total: z.number(),
  maxDiscountPercent: z.number().int(),
});
export type QuotePreview = z.infer<typeof QuotePreview>;

export const QuoteIdParams = z.object({ orderId: z.string().min(1).max(100) });
