import { BULK_MIN_QUANTITY } from '../cart-rules';
import { indiaDateOf } from '../india-time';

// Bulk and corporate enquiries' limits, statuses and needed-by rule, without Zod, so that the bulk
// orders page and the back office use them without loading it (decision 0088); bulk-enquiries.ts
// re-exports them with its schemas.

export { BULK_MIN_QUANTITY };
export const BULK_MAX_QUANTITY = 100_000;
// A bulk order is made and packed to order: the earliest date is tomorrow, India time.
export const BULK_LEAD_DAYS = 1;
export const BULK_MAX_DAYS_AHEAD = 365;

export const BULK_ENQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type BulkEnquiryStatus = (typeof BULK_ENQUIRY_STATUSES)[number];
export const BULK_ENQUIRY_STATUS_LABELS: Record<BulkEnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** The message for a needed-by date outside what the store can promise, or null when it is fine. */
export function neededByProblem(date: string, now: Date): string | null {
  if (date < indiaDateOf(now, BULK_LEAD_DAYS)) return 'Please choose a date from tomorrow onwards';
  if (date > indiaDateOf(now, BULK_MAX_DAYS_AHEAD)) return 'Please choose a date within the next year';
  return null;
}
