// One rule for every phone field (address, checkout, bulk enquiry, quotes), on the form
// and on the server. Shoppers in India type a mobile as "98765 43210", "+91 98765 43210",
// "91-98765-43210" or "098765 43210"; all of them are the same 10 digits, and those are stored.

// SPEC 9: a phone number has 10 digits.
export const PHONE_DIGITS = 10;

/**
 * What a phone field may hold as typed: the 10 digits with room for +91 (or 0091), a trunk 0,
 * spaces, dashes and brackets. Also the field's maxLength, so a separator never costs a digit.
 */
export const PHONE_INPUT_MAX = 20;

// An Indian mobile number starts with 6, 7, 8 or 9 (the national numbering plan). Before it, the
// country code (+91, 91 or 0091) and/or the trunk prefix 0 may be typed.
const MOBILE = /^(?:(?:00)?91)?0?([6-9]\d{9})$/;

/**
 * The 10 digits of an Indian mobile number however it was typed; anything that is not one comes
 * back as its bare digits (so a rule can refuse it and a form keeps what was typed readable).
 */
export function normalisePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return MOBILE.exec(digits)?.[1] ?? digits;
}

/** True when the value, as typed, is an Indian mobile number (10 digits starting 6-9). */
export const isValidPhone = (value: string): boolean => MOBILE.test(value.replace(/\D/g, ''));
