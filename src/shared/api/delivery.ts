import { z } from 'zod';
import { PINCODE_LENGTH, PINCODE_MESSAGES, validatePincode } from '../pincode';

// The delivery and shipping API contract (SPEC 3 and 7). Response bodies are DeliveryInfo,
// ShippingQuote and ShippingCalculation from ../delivery.

/** A six-digit pincode, with the message of SPEC 5 for whichever rule it breaks. */
export const Pincode = z
  .string({ error: PINCODE_MESSAGES.empty })
  .trim()
  .max(PINCODE_LENGTH, { error: PINCODE_MESSAGES.wrongLength, abort: true })
  .superRefine((value, ctx) => {
    const result = validatePincode(value);
    if (!result.valid) ctx.addIssue({ code: 'custom', message: result.message });
  });
export type Pincode = z.infer<typeof Pincode>;

/** Largest order value or quantity worth quoting; larger input is refused with 400. */
const MAX_ORDER_VALUE_RUPEES = 10_000_000;
export const MAX_SHIPPING_LINES = 100;
export const MAX_SHIPPING_LINE_QUANTITY = 1000;

/**
 * GET /pincodes/check/:pincode takes any text: a bad pincode is answered with the invalid record
 * (SPEC 5). Fastify's router refuses a path parameter over 100 characters (maxParamLength) first.
 */
export const PincodeCheckParams = z.object({ pincode: z.string().max(100, PINCODE_MESSAGES.wrongLength) });
export type PincodeCheckParams = z.infer<typeof PincodeCheckParams>;

export const PincodeCheckQuery = z.object({
  isPreOrder: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['true', 'false', '1', '0'], { error: 'isPreOrder must be true or false' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
  ),
});
export type PincodeCheckQuery = z.infer<typeof PincodeCheckQuery>;

/** GET /pincodes/shipping/:pincode and /pincodes/city/:pincode: SPEC 5's messages for a bad pincode. */
export const PincodeParams = z.object({ pincode: Pincode });
export type PincodeParams = z.infer<typeof PincodeParams>;

export const ShippingQuoteQuery = z.object({
  // SPEC 4: the location state asks with order value 0; an empty value means 0 too.
  orderValue: z.preprocess(
    (value) => (value === '' || value === undefined ? 0 : value),
    z.coerce
      .number({ error: 'orderValue must be a number of rupees' })
      .min(0, 'orderValue must not be negative')
      .max(MAX_ORDER_VALUE_RUPEES, 'orderValue is too large'),
  ),
});
export type ShippingQuoteQuery = z.infer<typeof ShippingQuoteQuery>;

/** GET /pincodes/city/:pincode: the district as the city, and its State, '' if unknown. */
export const CityResponse = z.object({ city: z.string(), state: z.string() });
export type CityResponse = z.infer<typeof CityResponse>;

const productId = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Each item needs a product' : 'Product id must be a number',
  })
  .int('Product id must be a whole number')
  .positive('Product id must be positive')
  .max(2_147_483_647, 'Product id is too large');

/**
 * SPEC 7 "items: list of {product, quantity}": `product` is a product id (a number or its digits)
 * or a product object with an id. Only the id is read; prices come from the database, never from
 * the request.
 */
export const ShippingLineProduct = z.preprocess((value) => {
  const id = typeof value === 'object' && value !== null && 'id' in value ? value.id : value;
  return typeof id === 'string' && /^\d{1,10}$/.test(id.trim()) ? Number(id) : id;
}, productId);

export const ShippingLine = z.object({
  product: ShippingLineProduct,
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_SHIPPING_LINE_QUANTITY, `Quantity must be at most ${MAX_SHIPPING_LINE_QUANTITY}`),
});
export type ShippingLine = z.infer<typeof ShippingLine>;

/** POST /shipping/calculate. */
export const ShippingCalculationRequest = z.object({
  items: z
    .array(ShippingLine, { error: 'items must be a list of {product, quantity}' })
    .min(1, 'Add at least one item to calculate shipping')
    .max(MAX_SHIPPING_LINES, `A cart can have at most ${MAX_SHIPPING_LINES} lines`),
});
export type ShippingCalculationRequest = z.infer<typeof ShippingCalculationRequest>;
