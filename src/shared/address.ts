import { z } from 'zod';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';
import { PINCODE_LENGTH } from './pincode';

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

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * Trimmed, with a readable limit on length. Past the limit nothing else reads the value (abort),
 * so a huge one gets this one message and no rule of the whole address runs over it.
 */
const limitedText = (label: string, max: number, params?: { error: string }) =>
  z
    .string(params)
    .trim()
    .max(max, { error: tooLong(label, max), abort: true });

/** Trimmed, with blank counted as missing (SPEC 5), and a readable limit on length. */
const requiredText = (label: string, required: string, max: number) =>
  limitedText(label, max, { error: required }).min(1, required);

const optionalText = (label: string, max: number) => limitedText(label, max).default('');

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;

/** SPEC 3 "Address as sent" with SPEC 5's messages: the body of POST and PUT /addresses. */
export const AddressInput = z.object({
  fullName: requiredText('Full name', 'Full name is required', ADDRESS_LIMITS.fullName),
  addressLine1: requiredText('Address', 'Address is required', ADDRESS_LIMITS.addressLine),
  addressLine2: optionalText('Address line 2', ADDRESS_LIMITS.addressLine),
  city: requiredText('City', 'City is required', ADDRESS_LIMITS.city),
  state: optionalText('State', ADDRESS_LIMITS.state),
  postalCode: z
    .string({ error: 'Postal code is required' })
    .trim()
    .min(1, { error: 'Postal code is required', abort: true })
    .max(PINCODE_LENGTH, { error: 'Postal code must be 6 digits', abort: true })
    .refine(isValidPostalCode, 'Postal code must be 6 digits'),
  // Stored as the bare 10 digits, whatever separators or +91 the shopper typed.
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .max(ADDRESS_LIMITS.phone, { error: 'Phone number must be 10 digits', abort: true })
    .refine(isValidPhone, 'Phone number must be 10 digits')
    .transform(normalisePhone),
  country: requiredText('Country', 'Country is required', ADDRESS_LIMITS.country).default('India'),
  isDefault: z.boolean().default(false),
  addressType: z.enum(ADDRESS_TYPES, { error: 'Address type must be home, work or other' }).default('home'),
});
export type AddressInput = z.infer<typeof AddressInput>;

/** SPEC 3 "As read back": the snake_case shape the address endpoints answer with. */
export const SavedAddress = z.object({
  id: z.number().int(),
  full_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  address_type: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

/**
 * SPEC 3 checkout form shape; also an order's shippingAddress. The State is optional:
 * orders placed before it was asked, and addresses saved without one, have none.
 */
export const AddressForm = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().optional(),
  postalCode: z.string(),
  phone: z.string(),
});
export type AddressForm = z.infer<typeof AddressForm>;

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

const normaliseAddressForm = (form: AddressForm): AddressForm => ({
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

/**
 * An order's shipping address as the server accepts it: the saved address's limits (the address
 * holds both lines), the modal's rules, then trimmed. The fields' limits are checked first, so a
 * huge value is refused by name before any rule reads it.
 */
export const ShippingAddress = z
  .object({
    fullName: limitedText('Full name', ADDRESS_LIMITS.fullName),
    address: limitedText('Address', ADDRESS_FORM_ADDRESS_MAX),
    city: limitedText('City', ADDRESS_LIMITS.city),
    state: limitedText('State', ADDRESS_LIMITS.state).optional(),
    postalCode: z
      .string()
      .trim()
      .max(PINCODE_LENGTH, { error: ADDRESS_FORM_MESSAGES.invalidPostalCode, abort: true }),
    phone: z
      .string()
      .trim()
      .max(ADDRESS_LIMITS.phone, { error: ADDRESS_FORM_MESSAGES.invalidPhone, abort: true }),
  })
  .superRefine((form, ctx) => {
    const message = validateAddressForm(form);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normaliseAddressForm);
export type ShippingAddress = z.infer<typeof ShippingAddress>;

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
