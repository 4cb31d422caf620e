import { addDays, formatIndiaDay, formatIndiaDayAndMonth } from '../../../shared/india-time';

const dayAfter = (isoDate: string) => addDays(isoDate, 1);

/**
 * 'Today, 23 Nov', 'Tomorrow, 24 Nov', then 'Wed, 25 Nov'. `today` is the server's India date, so
 * a device with a wrong clock still reads the right words.
 */
export function deliveryDateLabel(isoDate: string, today: string): string {
  if (isoDate === today) return `Today, ${formatIndiaDayAndMonth(isoDate)}`;
  if (isoDate === dayAfter(today)) return `Tomorrow, ${formatIndiaDayAndMonth(isoDate)}`;
  return formatIndiaDay(isoDate);
}
