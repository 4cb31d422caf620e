import { formatDeliveryDate } from '../../../shared/delivery-slot-rules';
import { addDays } from '../../../shared/india-time';

const dayAfter = (isoDate: string) => addDays(isoDate, 1);

const dayAndMonth = (isoDate: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/**
 * 'Today, 23 Nov', 'Tomorrow, 24 Nov', then 'Wed, 25 Nov'. `today` is the server's India date, so
 * a device with a wrong clock still reads the right words.
 */
export function deliveryDateLabel(isoDate: string, today: string): string {
  if (isoDate === today) return `Today, ${dayAndMonth(isoDate)}`;
  if (isoDate === dayAfter(today)) return `Tomorrow, ${dayAndMonth(isoDate)}`;
  return formatDeliveryDate(isoDate);
}
