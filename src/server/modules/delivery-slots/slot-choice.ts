import type { DeliveryChoice } from '../../../shared/delivery-dates';
import type { Paise } from '../../../shared/money';
import { timedSlotFeeLabel } from '../../../shared/order-charges';
import { TIMED_SLOT_MESSAGES, type TimedSlotRule, windowsOf } from '../../../shared/timed-slots';

// Decision 0073: what a chosen slot costs and what an order keeps of a timed one, from the owner's
// slots as read for the order (checkout, a gift link's answer, an edit of its delivery).

const activeSlotOf = (choice: DeliveryChoice | null | undefined, slots: readonly TimedSlotRule[]) =>
  choice?.slot === 'timed' ? slots.find((slot) => slot.id === choice.slotId && slot.active) : undefined;

/**
 * The chosen slot's fee and the words of its charge, from the server's own rows: the owner's
 * midnight fee, or the timed slot's fee under its name ('Fixed time delivery').
 */
export function slotFeeOf(
  choice: DeliveryChoice | null | undefined,
  midnightFeePaise: Paise,
  slots: readonly TimedSlotRule[],
): { paise: Paise; label: string | null } {
  if (choice?.slot === 'midnight') return { paise: midnightFeePaise, label: null };
  const slot = activeSlotOf(choice, slots);
  return slot ? { paise: slot.feePaise, label: timedSlotFeeLabel(slot.name) } : { paise: 0, label: null };
}

/** A timed slot the owner withdrew (or never had): said before the total, not as "prices changed". */
export const withdrawnSlotMessage = (choice: DeliveryChoice | undefined, slots: readonly TimedSlotRule[]) =>
  choice?.slot === 'timed' && !activeSlotOf(choice, slots) ? TIMED_SLOT_MESSAGES.gone : null;

/** The order's columns of a timed slot (orders.delivery_slot_id and the rest). */
type WindowColumns = {
  deliverySlotId: number | null;
  deliverySlotName: string | null;
  deliveryWindowStart: number | null;
  deliveryWindowEnd: number | null;
};

const NO_WINDOW: WindowColumns = {
  deliverySlotId: null,
  deliverySlotName: null,
  deliveryWindowStart: null,
  deliveryWindowEnd: null,
};

/** The timed slot's name and window as the order keeps them; nulls for any other choice. */
export function windowColumnsOf(
  choice: DeliveryChoice | null | undefined,
  slots: readonly TimedSlotRule[],
): WindowColumns {
  const slot = activeSlotOf(choice, slots);
  const window = slot
    ? windowsOf(slot).find((candidate) => candidate.start === choice?.windowStart)
    : undefined;
  if (!slot || !window) return NO_WINDOW;
  return {
    deliverySlotId: slot.id,
    deliverySlotName: slot.name,
    deliveryWindowStart: window.start,
    deliveryWindowEnd: window.end,
  };
}
