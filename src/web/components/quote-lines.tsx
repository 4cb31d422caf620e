import type { Quote } from '../../shared/api/quotes';
import { quoteLinePrice } from '../../shared/api/quotes-rules';
import { formatInr } from '../../shared/money';

/** A bulk quote's lines with their tiered prices, and its totals (owner and customer). */
export function QuoteLines({
  lines,
  subtotal,
  shippingCost,
  total,
}: Pick<Quote, 'lines' | 'subtotal' | 'shippingCost' | 'total'>) {
  return (
    <dl className="flex flex-col gap-2">
      {lines.map((line) => (
        <div
          key={line.productId}
          className="flex flex-wrap justify-between gap-2 border-b border-brand-100 pb-2"
        >
          <dt>
            <span className="font-semibold text-stone-900">{line.name}</span>
            {line.isPreOrder && <span className="ml-2 text-xs font-semibold text-amber-800">Pre-Order</span>}
            <span className="block text-sm text-stone-600">{quoteLinePrice(line)}</span>
          </dt>
          <dd className="font-semibold text-stone-900">{formatInr(line.lineTotal)}</dd>
        </div>
      ))}
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatInr(subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd>{shippingCost === 0 ? 'Free' : formatInr(shippingCost)}</dd>
      </div>
      <div className="flex justify-between text-lg font-extrabold">
        <dt>Total</dt>
        <dd>{formatInr(total)}</dd>
      </div>
    </dl>
  );
}
