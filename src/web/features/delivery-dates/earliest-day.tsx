import { addDays, formatIndiaDay } from '../../../shared/india-time';
import { useDeliveryDates } from './delivery-dates-api';

/**
 * Decision 0070: the earliest day the chosen pincode can have a product in stock, as a card says
 * it ('Today', 'Tomorrow', 'Tue, 8 Dec'); null without a served pincode or until the server says.
 * One answer per pincode serves every card (the delivery dates are the pincode's, not a product's).
 */
export function useEarliestDay(pincode: string | null): string | null {
  const { data } = useDeliveryDates(pincode);
  const first = data?.dates[0];
  if (!data || !first) return null;
  if (first.date === data.today) return 'Today';
  if (first.date === addDays(data.today, 1)) return 'Tomorrow';
  return formatIndiaDay(first.date);
}

export function EarliestDayNote({ day }: { day: string }) {
  return (
    <p className="text-xs text-green-800">
      Earliest: <span className="font-semibold">{day}</span>
    </p>
  );
}
