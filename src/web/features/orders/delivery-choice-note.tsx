import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { formatInr } from '../../../shared/money';

/** The delivery date and slot the shopper chose at checkout; nothing when none was. */
export function DeliveryChoiceNote({
  delivery,
  className = '',
}: {
  delivery: DeliveryChoiceRecord | null;
  className?: string;
}) {
  if (!delivery) return null;
  return (
    <p className={`text-sm font-semibold text-stone-800 ${className}`}>
      Delivery on {deliveryChoiceText(delivery)}
      {delivery.fee > 0 && ` (${formatInr(delivery.fee)} extra)`}
    </p>
  );
}
