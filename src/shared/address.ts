import { z } from 'zod';
import {
  ADDRESS_FORM_ADDRESS_MAX,
  ADDRESS_FORM_MESSAGES,
  ADDRESS_LIMITS,
  ADDRESS_TYPES,
  type AddressForm as AddressFormShape,
  type AddressInput as AddressInputShape,
  isValidPostalCode,
  normaliseAddressForm,
  type SavedAddress as SavedAddressShape,
  validateAddressForm,
} from './address-rules';
import { isValidPhone, normalisePhone } from './phone';
import { PINCODE_LENGTH } from './pincode';

// The addresses' schemas; their types, limits and rules are in address-rules.ts (no Zod), which
// the pages import and this module re-exports.
export * from './address-rules';

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
}) satisfies z.ZodType<AddressInputShape>;
export type AddressInput = z.infer<typeof AddressInput>;

/** SPEC 3 "As read back". */
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
}) satisfies z.ZodType<SavedAddressShape>;
export type SavedAddress = z.infer<typeof SavedAddress>;

/** SPEC 3 checkout form shape; also an order's shippingAddress. */
export const AddressForm = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().optional(),
  postalCode: z.string(),
  phone: z.string(),
}) satisfies z.ZodType<AddressFormShape>;
export type AddressForm = z.infer<typeof AddressForm>;

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
