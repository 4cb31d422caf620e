import type { ReactNode } from 'react';
import { toPaise } from '../../shared/money';
import { type FeeRecord, feeAmountText } from '../../shared/order-charges';

/**
 * Decision 0072: an order's or a cart's fees inside a `<dl>`, each on its own line (shipping, a
 * delivery slot, cash on delivery), as the charges say; 'Free' for a fee of nothing.
 */
export function FeeRows({
  fees,
  rowClassName = 'flex justify-between',
  termClassName = 'text-stone-700',
  amountClassName = 'font-semibold',
  note,
}: {
  fees: readonly FeeRecord[];
  rowClassName?: string;
  termClassName?: string;
  amountClassName?: string;
  /** Words under a fee (checkout's shipping message), or nothing. */
  note?: (fee: FeeRecord) => ReactNode;
}) {
  return (
    <>
      {fees.map((fee) => (
        <div key={fee.kind} className={rowClassName}>
          <dt className={termClassName}>{fee.label}</dt>
          <dd className={`${amountClassName} ${fee.amount === 0 ? 'text-green-700' : ''}`}>
            {feeAmountText(toPaise(fee.amount))}
          </dd>
          {note?.(fee)}
        </div>
      ))}
    </>
  );
}
