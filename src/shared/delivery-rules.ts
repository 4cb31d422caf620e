import type { DeliveryInfo } from './delivery';
import { PRE_ORDER_DAYS_PRODUCT_PAGE } from './pincode';

// SPEC 8: the server says these too, so they live here rather than in a component.
export const DELIVERY_MESSAGES = {
  unserviceable: "Sorry, we don't deliver to this pincode yet",
  /** When the courier says it serves no address at the pincode. */
  courierUnserviceable: "Sorry, our courier partners don't deliver to this pincode yet",
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

/**
 * Decision 0068: why an address is not saved, in the product page's words for the same pincode
 * ('Not deliverable to 999999' and the check's reason beside it).
 */
export const addressPincodeRefusal = (pincode: string, info: Pick<DeliveryInfo, 'message'>) =>
  `${notDeliverableTo(pincode)}. ${info.message}`;

/** Said when an order's pincode is not in India's pincode directory (a typo, most often). */
export const UNKNOWN_PINCODE_MESSAGE = 'Please enter a valid delivery pincode';

/**
 * Why an order cannot go to a pincode, or null when it can. The one rule checkout (which
 * disables Proceed to Payment with this reason), create-order and the owner's quotes apply, so the
 * payment page never refuses what checkout allowed.
 */
export function deliveryRefusal(
  info: Pick<DeliveryInfo, 'serviceable' | 'type'> & { message?: string },
): string | null {
  if (info.serviceable) return null;
  if (info.type === 'invalid') return UNKNOWN_PINCODE_MESSAGE;
  // The courier's own refusal keeps its words, so the shopper learns why.
  return info.message === DELIVERY_MESSAGES.courierUnserviceable
    ? info.message
    : DELIVERY_MESSAGES.unserviceable;
}

/**
 * A delivery window as the end of a sentence that starts "arrives": 'Today' reads
 * "arrives today", '1 Day' "arrives tomorrow", '3-5 Days' "arrives in 3-5 days" (never "arrives in
 * Today"). The windows stay the spec's labels where they stand alone.
 */
export function arrivalPhrase(days: string): string {
  const window = days.trim();
  if (/^today$/i.test(window)) return 'today';
  if (/^1 day$/i.test(window)) return 'tomorrow';
  return `in ${window.toLowerCase()}`;
}

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
