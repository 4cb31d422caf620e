// The store's complaint clocks and limits, without Zod, so the Contact page states them without
// loading it (src/shared/api/complaints.ts holds the request schemas). Decision 0061.
import { PHONE_DIGITS } from './phone';

/**
 * Consumer Protection (E-Commerce) Rules, 2020, rule 4(5): the Grievance Officer acknowledges a
 * complaint within forty-eight hours of receiving it...
 */
export const ACKNOWLEDGE_WITHIN_HOURS = 48;
/** ...and redresses it within one month from the date of receipt. */
export const RESOLVE_WITHIN_MONTHS = 1;

/** The words the form and the server both say. */
export const COMPLAINT_MESSAGES = {
  contactNeeded: 'Please give an e-mail address or a phone number so that we can reply',
  phone: `Please enter a valid ${PHONE_DIGITS}-digit phone number`,
  email: 'Please enter a valid email address',
  notFound: 'No complaint has that ticket number and e-mail or phone',
  alreadyAcknowledged: 'This complaint is already acknowledged',
  alreadyResolved: 'This complaint is already resolved',
} as const;

export const COMPLAINT_SUBJECT_MAX = 120;
export const COMPLAINT_DETAILS_MIN = 10;
export const COMPLAINT_DETAILS_MAX = 2000;
export const COMPLAINT_NAME_MAX = 100;
export const COMPLAINT_NOTE_MAX = 1000;
/** Order numbers are RG-10001 and on (orders/order-rows.ts); room for a typo to be refused. */
export const COMPLAINT_ORDER_NUMBER_MAX = 32;
/** UG-C-000123: the store's prefix, C for complaint, six digits at least. */
export const COMPLAINT_TICKET_MAX = 24;

const HOUR_MS = 60 * 60 * 1000;
// India has one time zone and no daylight saving (india-time.ts), so a fixed offset is exact.
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The ticket a complaint is known by: `UG-C-000123` (the number is the database's, so unique). */
export const complaintTicket = (prefix: string, number: number) =>
  `${prefix}-C-${String(number).padStart(6, '0')}`;

/** When the acknowledgement is due (rule 4(5)). */
export const acknowledgeBy = (receivedAt: Date): Date =>
  new Date(receivedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * HOUR_MS);

/**
 * When the redress is due (rule 4(5)): the same India time on the same date a month later, or the
 * last day of that month when it is shorter (31 January -> 28 or 29 February).
 */
export function resolveBy(receivedAt: Date): Date {
  const india = new Date(receivedAt.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth() + RESOLVE_WITHIN_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const due = Date.UTC(
    year,
    month,
    Math.min(india.getUTCDate(), lastDay),
    india.getUTCHours(),
    india.getUTCMinutes(),
    india.getUTCSeconds(),
    india.getUTCMilliseconds(),
  );
  return new Date(due - IST_OFFSET_MS);
}

export const COMPLAINT_STATES = ['open', 'overdue', 'resolved', 'all'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
export const COMPLAINT_STATE_LABELS: Record<ComplaintState, string> = {
  open: 'Open',
  overdue: 'Overdue',
  resolved: 'Resolved',
  all: 'All complaints',
};
