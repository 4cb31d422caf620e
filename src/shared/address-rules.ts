import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';
import { PINCODE_LENGTH } from './pincode';

// The addresses' limits, the checkout form's rules and the conversions between an address's
// shapes, without Zod, so that pages use them without loading it (docs/performance.md "JavaScript
// budget"). The schemas are in address.ts, which checks them against these types and re-exports
// all of this.

export const isValidPostalCode = (value: string) => new RegExp(`^\\d{${PINCODE_LENGTH}}$`).test(value.trim());

/**
 * The longest each address field may be, one rule for the saved address and for an
 * order's (or a quote's) shipping address alike. Far above any real address, far below a payload.
 */
export const ADDRESS_LIMITS = {
  fullName: 100,
  addressLine: 200,
  city: 100,
  state: 100,
  country: 100,
  // The 10 digits with room for the spaces, dashes, brackets or +91 typed between them.
  phone: PHONE_INPUT_MAX,
} as const;

/** The checkout form keeps both saved lines in its one address, joined by ', ' (savedAddressToForm). */
export const ADDRESS_FORM_ADDRESS_MAX = ADDRESS_LIMITS.addressLine * 2 + ', '.length;

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;

/** SPEC 3 "Address as sent", as AddressInput in address.ts reads it. */
export type AddressInput = {
  fullName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
  country: string;
  isDefault: boolean;
  addressType: (typeof ADDRESS_TYPES)[number];
};

/** SPEC 3 "As read back": the snake_case shape the address endpoints answer with. */
export type SavedAddress = {
  id: number;
  full_name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
  is_default: boolean;
  address_type: string;
};

/**
 * SPEC 3 checkout form shape; also an order's shippingAddress. The State is optional:
 * orders placed before it was asked, and addresses saved without one, have none.
 */
export type AddressForm = {
  fullName: string;
  address: string;
  city: string;
  state?: string | undefined;
  postalCode: string;
  phone: string;
};

export const ADDRESS_FORM_MESSAGES = {
  missingFields: 'Please fill in all required fields',
  invalidPhone: 'Please enter a valid 10-digit phone number',
  invalidPostalCode: 'Please enter a valid 6-digit postal code',
} as const;

/** The town line of a printed address: 'Bengaluru, Karnataka', or the city alone without a State. */
export const cityAndState = (address: Pick<AddressForm, 'city' | 'state'>): string =>
  [address.city, address.state?.trim()].filter(Boolean).join(', ');

/** SPEC 5 "Address modal": the first problem in the spec's order, or null when the form is fine. */
export function validateAddressForm(form: AddressForm): string | null {
  const { fullName, address, city, postalCode, phone } = form;
  if ([fullName, address, city, postalCode, phone].some((value) => value.trim() === '')) {
    return ADDRESS_FORM_MESSAGES.missingFields;
  }
  if (!isValidPhone(phone)) return ADDRESS_FORM_MESSAGES.invalidPhone;
  if (!isValidPostalCode(postalCode)) return ADDRESS_FORM_MESSAGES.invalidPostalCode;
  return null;
}

/** SPEC 5: checkout proceeds only with an address that passes the modal's rules. */
export const isCompleteAddress = (form: AddressForm | null | undefined): form is AddressForm =>
  form != null && validateAddressForm(form) === null;

/** The form trimmed, its phone as the bare 10 digits (ShippingAddress's result). */
export const normaliseAddressForm = (form: AddressForm): AddressForm => ({
  fullName: form.fullName.trim(),
  address: form.address.trim(),
  city: form.city.trim(),
  ...stateOf(form),
  postalCode: form.postalCode.trim(),
  phone: normalisePhone(form.phone),
});

/** The State as a field of its own only when there is one, so a form without it stays as it was. */
const stateOf = (address: { state?: string | undefined }): { state?: string } => {
  const state = address.state?.trim();
  return state ? { state } : {};
};

/** Checkout form to the body the address endpoints take; the form has one multi-line address. */
export function addressFormToInput(form: AddressForm, isDefault = false): AddressInput {
  const clean = normaliseAddressForm(form);
  return {
    fullName: clean.fullName,
    addressLine1: clean.address,
    addressLine2: '',
    city: clean.city,
    state: clean.state ?? '',
    postalCode: clean.postalCode,
    phone: clean.phone,
    country: 'India',
    isDefault,
    addressType: 'home',
  };
}

/** A sent-shape address back to the form; a second line joins the first so nothing is lost. */
export function addressInputToForm(input: AddressInput): AddressForm {
  return {
    fullName: input.fullName,
    address: joinLines(input.addressLine1, input.addressLine2),
    city: input.city,
    ...stateOf(input),
    postalCode: input.postalCode,
    phone: input.phone,
  };
}

/** A saved address as checkout lists it (also the old locally saved format of SPEC 3). */
export type CheckoutAddress = AddressForm & { id: number; isDefault: boolean };

export function savedAddressToForm(saved: SavedAddress): CheckoutAddress {
  return {
    id: saved.id,
    fullName: saved.full_name,
    address: joinLines(saved.address_line_1, saved.address_line_2),
    city: saved.city,
    ...stateOf(saved),
    postalCode: saved.postal_code,
    phone: saved.phone,
    isDefault: saved.is_default,
  };
}

const joinLines = (first: string, second: string | undefined) =>
  [first, second].filter((line) => line?.trim()).join(', ');

/** Decision 0081: a landmark ("opposite Forum Mall") rides in the address line, as couriers read it. */
export const addressWithLandmark = (address: string, landmark?: string | null) =>
  landmark?.trim() ? `${address}, near ${landmark.trim()}` : address;
