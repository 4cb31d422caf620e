import type { OrderRecord } from '../../../shared/api/orders';
import { COD_NOTHING_OWED, codOwesNothing } from '../../../shared/cash-on-delivery-rules';
import { formatInr } from '../../../shared/money';

/**
 * Decision 0042: a cash on delivery order says how much to keep ready for the courier (the COD fee
 * included), and that it was paid once the courier collected it.
 */
export function CashOnDeliveryNote({
  cod,
  status,
  className = '',
}: {
  cod: OrderRecord['cashOnDelivery'];
  /** The order's status: one that did not reach the customer owes nothing (decision 0064). */
  status: string;
  className?: string;
}) {
  if (!cod) return null;
  return (
    <p className={`rounded-lg bg-yellow-50 px-3 py-2 text-sm text-stone-800 ${className}`}>
      <span className="font-semibold text-stone-900">Cash on delivery: </span>
      {cod.collected
        ? `${formatInr(cod.toCollect)} paid in cash to the courier.`
        : codOwesNothing(cod, status)
          ? COD_NOTHING_OWED.customer
          : `please keep ${formatInr(cod.toCollect)} ready for the courier (includes the ${formatInr(cod.fee)} COD fee).`}
    </p>
  );
}
