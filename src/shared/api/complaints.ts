import { z } from 'zod';
import {
  COMPLAINT_DETAILS_MAX,
  COMPLAINT_DETAILS_MIN,
  COMPLAINT_MESSAGES,
  COMPLAINT_NAME_MAX,
  COMPLAINT_NOTE_MAX,
  COMPLAINT_ORDER_NUMBER_MAX,
  COMPLAINT_STATES,
  COMPLAINT_SUBJECT_MAX,
  COMPLAINT_TICKET_MAX,
} from '../complaint-rules';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from '../phone';

// Consumer Protection (E-Commerce) Rules, 2020, rules 4(4), 4(5) and 7(1)(f): a complaint from the
// Contact page gets a ticket at once and is acknowledged and redressed on the rule's clocks
// (decision 0061). The same schema checks the form and the API.

const required = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** POST /api/complaints: anyone; a guest gives an e-mail or a phone, a signed-in shopper may. */
export const ComplaintInput = z.object({
  orderNumber: optional('Order number', COMPLAINT_ORDER_NUMBER_MAX)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || /^[A-Z0-9-]+$/.test(value), 'Order numbers look like RG-10042'),
  subject: required('Subject', 3, COMPLAINT_SUBJECT_MAX),
  details: required('Details', COMPLAINT_DETAILS_MIN, COMPLAINT_DETAILS_MAX),
  name: optional('Name', COMPLAINT_NAME_MAX),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, COMPLAINT_MESSAGES.email)
    .default(''),
  phone: z
    .string()
    .trim()
    .max(PHONE_INPUT_MAX, COMPLAINT_MESSAGES.phone)
    .refine((value) => value === '' || isValidPhone(value), COMPLAINT_MESSAGES.phone)
    .transform((value) => (value === '' ? '' : normalisePhone(value)))
    .default(''),
});
export type ComplaintInput = z.input<typeof ComplaintInput>;
export type ComplaintFields = z.output<typeof ComplaintInput>;

export const ComplaintCreated = z.object({
  ticket: z.string(),
  /** Whether a receipt went to an e-mail address (the one given, or the account's). */
  mailedTo: z.string().nullable(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
});
export type ComplaintCreated = z.infer<typeof ComplaintCreated>;

/** POST /api/complaints/status: where a complaint stands, by its ticket and the contact given. */
export const ComplaintStatusQuery = z.object({
  ticket: z
    .string({ error: 'Enter your ticket number' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter your ticket number')
    .max(COMPLAINT_TICKET_MAX, 'Ticket numbers look like UG-C-000123'),
  contact: z
    .string({ error: 'Enter the e-mail or phone you gave' })
    .trim()
    .min(1, 'Enter the e-mail or phone you gave')
    .max(254, 'Enter the e-mail or phone you gave'),
});
export type ComplaintStatusQuery = z.input<typeof ComplaintStatusQuery>;

export const ComplaintStatus = z.object({
  ticket: z.string(),
  subject: z.string(),
  receivedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type ComplaintStatus = z.infer<typeof ComplaintStatus>;
export const ComplaintStatusResponse = z.object({ complaint: ComplaintStatus });
export type ComplaintStatusResponse = z.infer<typeof ComplaintStatusResponse>;

/** A complaint in the back office, with its two clocks as the server's clock reads them. */
export const AdminComplaint = z.object({
  id: z.number().int(),
  ticket: z.string(),
  orderNumber: z.string().nullable(),
  /** The order's id when the number is one of the store's orders (a link to it). */
  orderId: z.string().nullable(),
  subject: z.string(),
  details: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The account it came from, or null for a guest. */
  userId: z.number().int().nullable(),
  receivedAt: z.string(),
  acknowledgeBy: z.string(),
  resolveBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgementNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  acknowledgeOverdue: z.boolean(),
  resolveOverdue: z.boolean(),
});
export type AdminComplaint = z.infer<typeof AdminComplaint>;

export const AdminComplaintQuery = z.object({
  state: z
    .enum(COMPLAINT_STATES, { error: `State must be one of ${COMPLAINT_STATES.join(', ')}` })
    .default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminComplaintQuery = z.input<typeof AdminComplaintQuery>;

export const AdminComplaintList = z.object({
  data: z.array(AdminComplaint),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Open complaints past a clock, whatever the filter: the page's heading counts them. */
  overdue: z.number().int(),
});
export type AdminComplaintList = z.infer<typeof AdminComplaintList>;

export const AcknowledgeComplaint = z.object({ note: optional('The note', COMPLAINT_NOTE_MAX) });
export type AcknowledgeComplaint = z.input<typeof AcknowledgeComplaint>;

export const ResolveComplaint = z.object({ note: required('The resolution', 2, COMPLAINT_NOTE_MAX) });
export type ResolveComplaint = z.input<typeof ResolveComplaint>;

export const AdminComplaintResponse = z.object({ complaint: AdminComplaint });
export type AdminComplaintResponse = z.infer<typeof AdminComplaintResponse>;
