import type { DeliveryInfo } from './delivery';
import { PRE_ORDER_DAYS_PRODUCT_PAGE } from './pincode';

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

/**
 * DESIGN 4 "Delivery by pincode": days grow with the great-circle distance from the origin.
 * Beyond the last band (and for a place whose distance is unknown) the spec's default applies.
 * The server's engine answers with these; the Shipping and delivery page lists them.
 */
export const STANDARD_DAYS_BY_DISTANCE: readonly { upToKm: number; days: string }[] = [
  { upToKm: 1000, days: '2-4 Days' },
  { upToKm: 2000, days: '3-5 Days' },
  { upToKm: Number.POSITIVE_INFINITY, days: '4-7 Days' },
];

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
