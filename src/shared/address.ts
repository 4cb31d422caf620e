import { z } from 'zod';
import { PINCODE_LENGTH } from './pincode';

// SPEC 9: phone numbers have 10 digits once spaces, dashes and brackets are removed.
export const PHONE_DIGITS = 10;

const digitsOf = (value: string) => value.replace(/\D/g, '');
export const isValidPhone = (value: string) => digitsOf(value).length === PHONE_DIGITS;
export const isValidPostalCode = (value: string) => new RegExp(`^\\d{${PINCODE_LENGTH}}$`).test(value.trim());

/** Trimmed, with blank counted as missing (SPEC 5), and a readable limit on length. */
const requiredText = (label: string, required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;

/** SPEC 3 "Address as sent" with SPEC 5's messages: the body of POST and PUT /addresses. */
export const AddressInput = z.object({
  fullName: requiredText('Full name', 'Full name is required', 100),
  addressLine1: requiredText('Address', 'Address is required', 200),
  addressLine2: optionalText('Address line 2', 200),
  city: requiredText('City', 'City is required', 100),
  state: optionalText('State', 100),
  postalCode: z
    .string({ error: 'Postal code is required' })
    .trim()
    .min(1, { error: 'Postal code is required', abort: true })
    .refine(isValidPostalCode, 'Postal code must be 6 digits'),
  // Stored as the bare 10 digits, whatever separators the shopper typed.
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .refine(isValidPhone, 'Phone number must be 10 digits')
    .transform(digitsOf),
  country: z.string().trim().min(1, 'Country is required').max(100).default('India'),
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

/** SPEC 3 checkout form shape; also an order's shippingAddress. */
export const AddressForm = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  phone: z.string(),
});
export type AddressForm = z.infer<typeof AddressForm>;

export const ADDRESS_FORM_MESSAGES = {
  missingFields: 'Please fill in all required fields',
  invalidPhone: 'Please enter a valid 10-digit phone number',
  invalidPostalCode: 'Please enter a valid 6-digit postal code',
} as const;

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
  postalCode: form.postalCode.trim(),
  phone: digitsOf(form.phone),
});

/** An order's shipping address as the server accepts it: the modal's rules, then trimmed. */
export const ShippingAddress = AddressForm.superRefine((form, ctx) => {
  const message = validateAddressForm(form);
  if (message) ctx.addIssue({ code: 'custom', message });
}).transform(normaliseAddressForm);
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** Checkout form to the body the address endpoints take; the form has one multi-line address. */
export function addressFormToInput(form: AddressForm, isDefault = false): AddressInput {
  const clean = normaliseAddressForm(form);
  return {
    fullName: clean.fullName,
    addressLine1: clean.address,
    addressLine2: '',
    city: clean.city,
    state: '',
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
    postalCode: saved.postal_code,
    phone: saved.phone,
    isDefault: saved.is_default,
  };
}

const joinLines = (first: string, second: string | undefined) =>
  [first, second].filter((line) => line?.trim()).join(', ');
