import { useId } from 'react';
import type { GiftLinkSlot } from '../../../shared/api/gift-links';
import { DELIVERY_SLOTS } from '../../../shared/delivery-slot-rules';
import { giftLinkSlotFeePaise } from '../../../shared/gift-links';
import { formatInr, toPaise, toRupees } from '../../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../../shared/order-charges';
import { storeSettings } from '../../app-data';
import type { CheckoutLine } from './checkout-lines';
import { Tick } from './gift-options-field';

// Decision 0081: what a gift link allows and what it costs, for one recipient or a list (0090).

// The slots checkout offers a link. A timed slot is allowed through the API (decision 0090); the
// form offers it once the page knows the dearest timed slot's fee, which such a link pays.
type OfferedSlot = Exclude<GiftLinkSlot, 'timed'>;
const SLOTS: readonly OfferedSlot[] = ['standard', 'midnight'];
const SLOT_LABELS: Readonly<Record<OfferedSlot, string>> = {
  standard: 'Standard or same-day delivery (free)',
  midnight: `${DELIVERY_SLOTS.midnight} (${formatInr(storeSettings.midnightSlotFee)})`,
};

/** Rupees one link costs: the cart with the largest delivery fee the allowed slots can cost. */
export function giftLinkTotal(
  lines: readonly CheckoutLine[],
  shippingFee: number,
  discount: number,
  slots: readonly GiftLinkSlot[],
): number {
  const slotFeePaise = giftLinkSlotFeePaise(slots, toPaise(storeSettings.midnightSlotFee));
  return toRupees(
    chargesTotalPaise(cartCharges({ lines, discount, shippingFee, slotFee: toRupees(slotFeePaise) })),
  );
}

/** "Deliveries the recipient may pick": nothing ticked until the sender ticks it (E-Commerce Rules r.4). */
export function GiftLinkSlotChoices({
  slots,
  error,
  onChange,
}: {
  slots: readonly GiftLinkSlot[];
  error: string | undefined;
  onChange(slots: GiftLinkSlot[]): void;
}) {
  const legendId = useId();
  return (
    <fieldset aria-describedby={error ? `${legendId}-error` : undefined}>
      <legend id={legendId} className="font-semibold text-stone-900">
        Deliveries the recipient may pick
      </legend>
      {SLOTS.map((slot) => (
        <Tick
          key={slot}
          label={SLOT_LABELS[slot]}
          checked={slots.includes(slot)}
          onChange={(checked) =>
            onChange(checked ? [...slots, slot] : slots.filter((other) => other !== slot))
          }
        />
      ))}
      {error && (
        <p id={`${legendId}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
