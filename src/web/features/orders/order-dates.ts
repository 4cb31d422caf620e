import { INDIA_TIME_ZONE } from '../../../shared/india-time';

// Dates are shown in India time with Indian conventions (en-IN), whatever the device's zone.
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: INDIA_TIME_ZONE,
});

const valid = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '12 November 2025'. */
export function formatOrderDate(iso: string): string {
  const date = valid(iso);
  return date ? dateFormat.format(date) : '';
}

/** '12 Nov 2025, 4:05 pm', for the status timeline. */
export function formatOrderDateTime(iso: string): string {
  const date = valid(iso);
  return date ? dateTimeFormat.format(date) : '';
}
