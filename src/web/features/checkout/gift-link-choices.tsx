import { useQuery } from '@tanstack/react-query';
import type { GiftLinkSlot, GiftLinkTimedFee } from '../../../shared/api/gift-links';
import { DELIVERY_SLOTS } from '../../../shared/delivery-slot-rules';
import { giftLinkSlotFeePaise } from '../../../shared/gift-links';
import { formatInr, formatPaise, type Paise, toPaise, toRupees } from '../../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../../shared/order-charges';
import { apiRequest } from '../../api/client';
import { storeSettings } from '../../app-data';
import { CheckboxGroupField } from '../../components/form-field';
import type { CheckoutLine } from './checkout-lines';

// Decision 0081: what a gift link allows and what it costs, for one recipient or a list (0090).

// The order: standard (same-day where the pincode has it), a timed slot, midnight.
const SLOTS: readonly GiftLinkSlot[] = ['standard', 'timed', 'midnight'];
const slotLabel = (slot: GiftLinkSlot, timedFeePaise: Paise) =>
  slot === 'standard'
    ? 'Standard or same-day delivery (free)'
    : slot === 'midnight'
      ? `${DELIVERY_SLOTS.midnight} (${formatInr(storeSettings.midnightSlotFee)})`
      : `A timed slot (${formatPaise(timedFeePaise)})`;

/**
 * Decision 0090: what a link allowing a timed slot costs, the dearest active slot's fee, as the
 * server says (it prices the order again by the same rule); null while unknown or when the owner
 * has no timed slot active, and "A timed slot" is then not offered.
 */
function useTimedSlotFee(): Paise | null {
  const answer = useQuery({
    queryKey: ['gift-links', 'timed-slot-fee'],
    queryFn: ({ signal }) => apiRequest<GiftLinkTimedFee>('/gift-links/timed-slot-fee', { signal }),
    staleTime: 60_000,
  });
  return answer.data?.feePaise ?? null;
}

/** Rupees one link costs: the cart with the largest delivery fee the allowed slots can cost. */
export function useGiftLinkTotal(
  lines: readonly CheckoutLine[],
  shippingFee: number,
  discount: number,
  slots: readonly GiftLinkSlot[],
): number {
  const slotFeePaise = giftLinkSlotFeePaise(
    slots,
    toPaise(storeSettings.midnightSlotFee),
    useTimedSlotFee() ?? 0,
  );
  return toRupees(
    chargesTotalPaise(cartCharges({ lines, discount, shippingFee, slotFee: toRupees(slotFeePaise) })),
  );
}

/**
 * "Deliveries the recipient may pick", the form's `allowedSlots` (a Controller's field): nothing
 * ticked until the sender ticks it (E-Commerce Rules r.4), sent in the order ticked.
 */
export function GiftLinkSlotChoices({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: readonly GiftLinkSlot[];
  error: string | undefined;
  onChange(slots: GiftLinkSlot[]): void;
  onBlur(): void;
}) {
  const timedFeePaise = useTimedSlotFee();
  const options = SLOTS.filter((slot) => slot !== 'timed' || timedFeePaise !== null).map((slot) => ({
    value: slot,
    label: slotLabel(slot, timedFeePaise ?? 0),
  }));
  return (
    <CheckboxGroupField
      legend="Deliveries the recipient may pick"
      options={options}
      value={value}
      error={error}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
