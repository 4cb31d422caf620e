import { z } from 'zod';
import { PRE_ORDER_DAYS_PRODUCT_PAGE } from './pincode';

// SPEC 3: the delivery record of a pincode check, also kept in browser storage ('deliveryInfo').

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

// SPEC 8: the server says these too, so they live here rather than in a component.
export const DELIVERY_MESSAGES = {
  unserviceable: "Sorry, we don't deliver to this pincode yet",
  /** The compact delivery checker's wording for an unserviceable pincode. */
  unserviceableCompact: 'Not available',
  /** The shipping line of an unserviceable pincode. */
  shippingUnavailable: 'Delivery not available',
  invalidPincode: 'Invalid pincode',
  checkFailed: 'Error checking pincode. Please try again.',
  /** Delivery estimate shown when the lookup itself failed. */
  lookupFailedEstimate: 'delivered in 3-7 business days',
} as const;

/** SPEC 8: the full delivery checker's wording for an unserviceable pincode. */
export const notDeliverableTo = (pincode: string) => `Not deliverable to ${pincode}`;

/** SPEC 5: an invalid pincode is answered with a record, not an error, so the UI has one path. */
export const INVALID_PINCODE_DELIVERY = {
  serviceable: false,
  days: 'N/A',
  message: DELIVERY_MESSAGES.invalidPincode,
  type: 'invalid',
  fastDelivery: false,
  city: '',
  isPreOrder: false,
  shipping: { cost: 0, free: false, message: DELIVERY_MESSAGES.shippingUnavailable },
} as const satisfies DeliveryInfo;

/**
 * SPEC 4 and 9: a pre-order item ships in the pre-order window (the product page's wording),
 * however fast its pincode is served. Used by the server's engine and by the product page.
 */
export function withPreOrderWindow(info: DeliveryInfo): DeliveryInfo {
  if (!info.serviceable) return { ...info, isPreOrder: true };
  return {
    ...info,
    days: PRE_ORDER_DAYS_PRODUCT_PAGE,
    message: 'Pre-order delivery',
    type: 'standard',
    fastDelivery: false,
    isPreOrder: true,
  };
}
