import { z } from 'zod';
import { AddressForm, ShippingAddress } from '../address';
import { Email } from '../auth';
import { GSTIN_MESSAGE, isValidGstin, normaliseGstin } from '../gstin';
import { isValidPhone, normalisePhone, PHONE_DIGITS, PHONE_INPUT_MAX } from '../phone';
import { BULK_ENQUIRY_STATUSES, BULK_MAX_QUANTITY, BULK_MIN_QUANTITY } from './bulk-enquiries-rules';

// Bulk and corporate orders: the home page's bulk-order promise leads to this enquiry,
// which the store answers with a quote. The same schema checks the form and the API.

// The limits, statuses and the needed-by rule without Zod are in bulk-enquiries-rules.ts (so that
// pages use them without loading it); they are re-exported here.
export * from './bulk-enquiries-rules';

const isCalendarDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/bulk-enquiries. */
export const BulkEnquiryInput = z.object({
  occasion: required('Occasion', 80),
  productsOrBudget: required('Products or budget', 1000),
  quantity: z.coerce
    .number({ error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(BULK_MIN_QUANTITY, `Bulk orders start at ${BULK_MIN_QUANTITY} pieces`)
    .max(
      BULK_MAX_QUANTITY,
      `For more than ${BULK_MAX_QUANTITY.toLocaleString('en-IN')} pieces, please write to us`,
    ),
  neededBy: z
    .string({ error: 'Needed-by date is required' })
    .max('YYYY-MM-DD'.length, { error: 'Please choose the date you need the order by', abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose the date you need the order by')
    .refine(isCalendarDate, 'Please choose a real date'),
  name: required('Name', 100),
  // SPEC 5's phone rule and message, as in the address form; a business caller's +91 or 0 is fine.
  phone: required('Phone number', PHONE_INPUT_MAX)
    .refine(isValidPhone, `Please enter a valid ${PHONE_DIGITS}-digit phone number`)
    .transform(normalisePhone),
  email: Email,
  gstin: z
    .string()
    .trim()
    .max(20, GSTIN_MESSAGE)
    .transform(normaliseGstin)
    .refine((value) => value === '' || isValidGstin(value), GSTIN_MESSAGE)
    .default(''),
  /** The business's name as registered for GST, printed on its invoice (optional). */
  legalName: z.string().trim().max(200, 'Legal name must be at most 200 characters').default(''),
  /** Where the order goes, when the enquirer knows; the quote starts from it. */
  deliveryAddress: ShippingAddress.nullish(),
});
export type BulkEnquiryInput = z.infer<typeof BulkEnquiryInput>;

export const BulkEnquiry = z.object({
  id: z.number().int(),
  occasion: z.string(),
  productsOrBudget: z.string(),
  quantity: z.number().int(),
  neededBy: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  gstin: z.string().nullable(),
  legalName: z.string().nullable(),
  deliveryAddress: AddressForm.nullable(),
  status: z.enum(BULK_ENQUIRY_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BulkEnquiry = z.infer<typeof BulkEnquiry>;

export const BulkEnquiryCreated = z.object({ id: z.number().int(), message: z.string() });
export type BulkEnquiryCreated = z.infer<typeof BulkEnquiryCreated>;

export const AdminBulkEnquiryQuery = z.object({
  status: z.enum(BULK_ENQUIRY_STATUSES, { error: 'Unknown status' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminBulkEnquiryQuery = z.infer<typeof AdminBulkEnquiryQuery>;

export const AdminBulkEnquiryList = z.object({
  data: z.array(BulkEnquiry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminBulkEnquiryList = z.infer<typeof AdminBulkEnquiryList>;

export const UpdateBulkEnquiry = z.object({
  status: z.enum(BULK_ENQUIRY_STATUSES, {
    error: `Status must be one of ${BULK_ENQUIRY_STATUSES.join(', ')}`,
  }),
  note: z.string().trim().max(1000, 'The note must be at most 1000 characters').optional(),
});
export type UpdateBulkEnquiry = z.infer<typeof UpdateBulkEnquiry>;

export const BulkEnquiryResponse = z.object({ enquiry: BulkEnquiry });
