import { useQuery } from '@tanstack/react-query';
import type { DeliveryChoice, DeliveryChoiceRecord, DeliveryDates } from '../../../shared/delivery-dates';
import { choiceOfOffer, isSameSlot } from '../../../shared/delivery-slot-rules';
import { apiRequest } from '../../api/client';

// The schema (and Zod) load with the first answer, not with the page (docs/performance.md).
const deliveryDatesSchema = async () => (await import('../../../shared/delivery-dates')).DeliveryDates;

export const deliveryDatesKey = (pincode: string | null) => ['delivery-dates', pincode] as const;

/**
 * The dates and slots the server offers at a pincode (none asked for while `pincode` is
 * null: no address yet, or a pre-order that ships in its window). The offer changes at 2 PM and at
 * midnight India time, so a minute-old answer is asked again; `fresh` asks on every mount.
 */
export function useDeliveryDates(pincode: string | null, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: deliveryDatesKey(pincode),
    queryFn: async ({ signal }) => {
      const [schema, answer] = await Promise.all([
        deliveryDatesSchema(),
        apiRequest<unknown>(`/pincodes/delivery-dates/${encodeURIComponent(pincode ?? '')}`, { signal }),
      ]);
      return schema.parse(answer);
    },
    enabled: pincode !== null,
    staleTime: fresh ? 0 : 60_000,
  });
}

/**
 * The choice with its fee when the offer still has that date and slot; null when it has not (the
 * address changed, or 2 PM passed), so a choice no longer offered is dropped rather than sent.
 */
export function offeredChoice(
  choice: DeliveryChoice | null,
  offer: DeliveryDates | undefined,
): DeliveryChoiceRecord | null {
  if (!choice || !offer) return null;
  const slot = offer.dates
    .find((option) => option.date === choice.date)
    ?.slots.find((option) => isSameSlot(option, choice));
  return slot ? choiceOfOffer(choice.date, slot) : null;
}
