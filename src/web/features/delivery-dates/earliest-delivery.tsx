import type {
  DeliveryDates as DeliveryDatesAnswer,
  DeliverySlotOption,
} from '../../../shared/delivery-dates';
import { DELIVERY_SLOTS } from '../../../shared/delivery-slot-rules';
import { formatInr } from '../../../shared/money';
import { PRE_ORDER_DAYS_PRODUCT_PAGE } from '../../../shared/pincode';
import { windowText } from '../../../shared/timed-slots';
import { Spinner } from '../../components/status-message';
import { deliveryDateLabel } from './delivery-date-labels';
import { useDeliveryDates } from './delivery-dates-api';

/**
 * Beside the product page's delivery checker, the earliest day the checked pincode can
 * have this product and whether the midnight and timed slots are offered, so a shopper knows before adding it
 * to the cart. `pincode` is null until a served pincode is checked. A pre-order product ships in
 * its pre-order window instead.
 */
export function EarliestDelivery({ pincode, isPreOrder }: { pincode: string | null; isPreOrder: boolean }) {
  return (
    <div aria-live="polite" className="mt-2 space-y-0.5 text-sm text-stone-800">
      {isPreOrder ? (
        <p>
          Pre-order: delivered in <span className="font-semibold">{PRE_ORDER_DAYS_PRODUCT_PAGE}</span>; a
          delivery date cannot be chosen.
        </p>
      ) : (
        // No pincode, no query: the server's render and the first hydration of a guest's page make none.
        pincode !== null && <DeliveryDates pincode={pincode} />
      )}
    </div>
  );
}

/** Decision 0073: each timed slot on offer here, at its first open window. */
function earliestTimedWindows(offer: DeliveryDatesAnswer) {
  const seen = new Map<number, { date: string; option: DeliverySlotOption }>();
  for (const { date, slots } of offer.dates) {
    for (const option of slots) {
      if (option.slot === 'timed' && option.slotId !== undefined && !seen.has(option.slotId)) {
        seen.set(option.slotId, { date, option });
      }
    }
  }
  return [...seen.values()];
}

function DeliveryDates({ pincode }: { pincode: string }) {
  const lookup = useDeliveryDates(pincode);
  if (lookup.isError) return <p className="text-stone-600">Delivery dates could not be loaded just now.</p>;
  if (!lookup.data)
    return (
      <p className="flex items-center gap-2 text-stone-600">
        <Spinner label="Loading delivery dates" />
        Loading delivery dates...
      </p>
    );
  const [first] = lookup.data.dates;
  const midnight = first?.slots.find((slot) => slot.slot === 'midnight');
  const timed = earliestTimedWindows(lookup.data);
  const { today } = lookup.data;
  return (
    first && (
      <>
        <p>
          Earliest delivery:{' '}
          <span className="font-semibold">{deliveryDateLabel(first.date, lookup.data.today)}</span>
        </p>
        {midnight && (
          <p className="text-stone-700">
            {DELIVERY_SLOTS.midnight} available for {formatInr(midnight.fee)} extra
          </p>
        )}
        {timed.map(({ date, option }) => (
          <p key={option.slotId} className="text-stone-700">
            {option.slotName} delivery available for {formatInr(option.fee)} extra (earliest{' '}
            {deliveryDateLabel(date, today)},{' '}
            {windowText({ start: option.windowStart ?? 0, end: option.windowEnd ?? 0 })})
          </p>
        ))}
      </>
    )
  );
}
