import { formatInr } from '../../shared/money';
import type { SavingRecord } from '../../shared/order-charges';

/**
 * Decision 0080: each line's quantity tier inside a `<dl>`, on a line of its own below the
 * subtotal ('Silk Potli Bag, 6+ pieces: 5% off  -₹36'), as the charges say.
 */
export function SavingRows({
  savings,
  rowClassName = 'flex justify-between gap-3 text-green-800',
}: {
  savings: readonly SavingRecord[];
  rowClassName?: string;
}) {
  return (
    <>
      {savings.map((saving) => (
        <div key={saving.label} className={rowClassName}>
          <dt>{saving.label}</dt>
          <dd className="shrink-0 font-semibold">-{formatInr(saving.amount)}</dd>
        </div>
      ))}
    </>
  );
}
