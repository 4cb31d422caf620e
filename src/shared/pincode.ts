import type { DeliveryInfo } from './delivery';

// SPEC 9: pincode length 6.
export const PINCODE_LENGTH = 6;

// SPEC 7: delivery lookups are cached for 5 minutes.
export const PINCODE_CACHE_TTL_MS = 300_000;

export const PINCODE_MESSAGES = {
  empty: 'Please enter pincode',
  wrongLength: 'Pincode must be 6 digits',
  notNumeric: 'Pincode must contain only numbers',
  valid: 'Valid pincode',
} as const;

/** SPEC 5: the input keeps digits only, at most six, so a pasted '560 001' becomes '560001'. */
export function sanitizePincodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PINCODE_LENGTH);
}

export type PincodeValidation = { valid: boolean; message: string };

/** SPEC 5: the checks run in this order, so '12a' reads as a length problem, '12a456' as a digit one. */
export function validatePincode(value: string): PincodeValidation {
  const pincode = value.trim();
  if (pincode === '') return { valid: false, message: PINCODE_MESSAGES.empty };
  if (pincode.length !== PINCODE_LENGTH) return { valid: false, message: PINCODE_MESSAGES.wrongLength };
  if (!/^\d+$/.test(pincode)) return { valid: false, message: PINCODE_MESSAGES.notNumeric };
  return { valid: true, message: PINCODE_MESSAGES.valid };
}

/** SPEC 5: the delivery check can be submitted only with exactly six digits. */
export const isCompletePincode = (value: string) => validatePincode(value).valid;

// SPEC 9: the client's city fallback only; the server names the directory's district (DESIGN 4).
const CITY_BY_PINCODE_PREFIX: ReadonlyMap<string, string> = new Map([
  // Decision 0068: today's name, as the server says it (cityOfDistrict).
  ['560', 'Bengaluru'],
  ['110', 'Delhi'],
  ['400', 'Mumbai'],
  ['600', 'Chennai'],
  ['700', 'Kolkata'],
  ['500', 'Hyderabad'],
  ['411', 'Pune'],
]);

export const FALLBACK_CITY = 'India';

export function cityFromPincodeFallback(pincode: string): string {
  return CITY_BY_PINCODE_PREFIX.get(pincode.trim().slice(0, 3)) ?? FALLBACK_CITY;
}

// SPEC 9: the default delivery when nothing more specific is known.
export const DEFAULT_DELIVERY = {
  serviceable: true,
  days: '3-7 Days',
  message: 'Standard delivery',
  type: 'standard',
  fastDelivery: false,
} as const satisfies Partial<DeliveryInfo>;

/**
 * SPEC 4: what the location store keeps when the delivery lookup fails. The cost is not known, so
 * `free` is false (nothing promises free shipping) and the message tells the shopper when it is.
 */
export const FALLBACK_DELIVERY_INFO = {
  ...DEFAULT_DELIVERY,
  city: FALLBACK_CITY,
  isPreOrder: false,
  shipping: { cost: 0, free: false, message: 'calculated at checkout' },
} as const satisfies DeliveryInfo;

// SPEC 4 and 9: the product page and checkout quote different pre-order windows; both are in use.
export const PRE_ORDER_DAYS_PRODUCT_PAGE = '10-15 Days';
export const PRE_ORDER_DAYS_CHECKOUT = '15-20 days';
