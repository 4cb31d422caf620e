import { z } from 'zod';

// SPEC 3: the delivery record of a pincode check, also kept in browser storage ('deliveryInfo').
// Its wording and fixed records live in delivery-rules.ts (no Zod, so the web shell can use them
// without loading Zod).

export const DeliveryType = z.enum(['standard', 'invalid', 'same_day', 'next_day']);
export type DeliveryType = z.infer<typeof DeliveryType>;

/** SPEC 3 "Shipping quote (by pincode)", in rupees as the API speaks. */
export const ShippingQuote = z.object({
  cost: z.number().nonnegative(),
  free: z.boolean(),
  message: z.string(),
});
export type ShippingQuote = z.infer<typeof ShippingQuote>;

export const DeliveryInfo = z.object({
  serviceable: z.boolean(),
  /** Shown as written, e.g. '3-7 Days'; 'N/A' when the pincode is invalid. */
  days: z.string(),
  message: z.string(),
  type: DeliveryType,
  fastDelivery: z.boolean(),
  city: z.string(),
  isPreOrder: z.boolean(),
  shipping: ShippingQuote,
});
export type DeliveryInfo = z.infer<typeof DeliveryInfo>;

/** SPEC 3 "Shipping calculation result" for a cart, in rupees. */
export const ShippingCalculation = z.object({
  subtotal: z.number().nonnegative(),
  shippingFee: z.number().nonnegative(),
  total: z.number().nonnegative(),
  freeShipping: z.boolean(),
  shippingReason: z.string(),
});
export type ShippingCalculation = z.infer<typeof ShippingCalculation>;
