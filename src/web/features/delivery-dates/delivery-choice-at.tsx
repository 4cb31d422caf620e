import { useEffect } from 'react';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { DeliveryDatePicker } from './delivery-date-picker';
import { offeredChoice, useDeliveryDates } from './delivery-dates-api';

/**
 * Decision 0085: the dates and slots a new pincode offers (standard, midnight, the owner's timed
 * windows, decision 0073), for an order whose address changes. The order's own choice stays
 * chosen while the new pincode still offers it; one it does not is dropped, so nothing is sent
 * that the server would refuse (it checks the choice again on save and at payment).
 */
export function DeliveryChoiceAt({
  pincode,
  value,
  onChange,
}: {
  pincode: string;
  value: DeliveryChoice | null;
  onChange(choice: DeliveryChoice | null): void;
}) {
  const dates = useDeliveryDates(pincode, { fresh: true });
  const chosen = offeredChoice(value, dates.data);
  useEffect(() => {
    if (dates.data && value && !chosen) onChange(null);
  }, [dates.data, value, chosen, onChange]);
  return (
    <DeliveryDatePicker
      title="Delivery date and time"
      pincode={pincode}
      hasPreOrder={false}
      lookup={dates}
      value={chosen}
      onChange={onChange}
    />
  );
}
