export { MARKETING_NOTICES } from '../../../shared/notifications';

/** India's offset from UTC (it keeps no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
/** Decision 0062 (TRAI TCCCPR 2018): promotional messages from 9 am up to 9 pm India time. */
export const MARKETING_FROM_HOUR = 9;
export const MARKETING_UNTIL_HOUR = 21;

/** Whether `at` is from 9:00 up to (not including) 21:00 India time. */
export function withinMarketingHours(at: Date): boolean {
  const hour = new Date(at.getTime() + IST_OFFSET_MS).getUTCHours();
  return hour >= MARKETING_FROM_HOUR && hour < MARKETING_UNTIL_HOUR;
}
