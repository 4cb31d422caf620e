import { Link, useParams } from 'react-router';
import type { OrderRecord } from '../../../shared/api/orders';
import { codToCollectText } from '../../../shared/cash-on-delivery';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { formatInr, formatLineAmount } from '../../../shared/money';
import { orderItemKey } from '../../../shared/personalisation-rules';
import { storeSettings } from '../../app-data';
import { Button } from '../../components/button';
import { PersonalisationDetails } from '../../components/personalisation-details';
import { PostalAddress } from '../../components/postal-address';
import { useAdminOrder } from '../../features/admin/admin-api';
import { QueryState } from '../../features/admin/admin-ui';

/**
 * Issue 13: what travels in the box: the delivery address, the items and their quantities, the
 * gift message, the chosen delivery day and slot, and prices only when the shopper did not ask to
 * hide them.
 */
export function PackingSlip({ order }: { order: OrderRecord }) {
  const showPrices = !order.gift?.hidePrices;
  return (
    <article
      data-packing-slip
      aria-labelledby="packing-slip-title"
      className="rounded-xl border border-stone-300 bg-white p-6 text-stone-900"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-300 pb-3">
        <h1 id="packing-slip-title" className="text-2xl font-extrabold">
          Packing slip
        </h1>
        <p className="font-semibold">
          {storeSettings.storeName} · Order {order.orderNumber}
        </p>
      </header>
      {/* Decision 0042: the courier's instruction, shown even when a gift hides its prices. */}
      {order.cashOnDelivery && !order.cashOnDelivery.collected && (
        <p className="mt-3 rounded-lg border-2 border-stone-900 px-3 py-2 text-xl font-extrabold">
          {codToCollectText(order.cashOnDelivery.toCollect)}
        </p>
      )}
      <section aria-labelledby="slip-address-title" className="mt-4">
        <h2 id="slip-address-title" className="font-bold">
          Deliver to
        </h2>
        <PostalAddress address={order.shippingAddress} className="mt-1 text-base" />
      </section>
      {order.delivery && (
        <section aria-labelledby="slip-delivery-title" className="mt-4">
          <h2 id="slip-delivery-title" className="font-bold">
            Deliver on
          </h2>
          <p className="mt-1 text-lg font-semibold">{deliveryChoiceText(order.delivery)}</p>
        </section>
      )}
      <section aria-labelledby="slip-items-title" className="mt-4">
        <h2 id="slip-items-title" className="font-bold">
          Items
        </h2>
        <table className="mt-1 w-full text-left">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-1">
                Item
              </th>
              <th scope="col" className="py-1 text-right">
                Quantity
              </th>
              {showPrices && (
                <th scope="col" className="py-1 text-right">
                  Amount
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={orderItemKey(item)} className="border-b border-stone-200">
                <td className="py-1">
                  {item.product.name}
                  {item.isPreOrder ? ' (Pre-Order)' : ''}
                  {item.personalisation && (
                    <PersonalisationDetails
                      fields={item.personalisation.fields}
                      photo={item.personalisation.photo}
                      photoSize={96}
                    />
                  )}
                </td>
                <td className="py-1 text-right">{item.quantity}</td>
                {showPrices && <td className="py-1 text-right">{formatLineAmount(item)}</td>}
              </tr>
            ))}
          </tbody>
          {showPrices && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="py-1 text-right">
                  Total
                </th>
                <td className="py-1 text-right font-bold">{formatInr(order.totalAmount)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </section>
      {order.gift?.message && (
        <section aria-labelledby="slip-message-title" className="mt-6 rounded-lg border border-stone-300 p-4">
          <h2 id="slip-message-title" className="font-bold">
            Gift message
          </h2>
          <p className="mt-1 whitespace-pre-line break-words text-lg italic">{order.gift.message}</p>
        </section>
      )}
    </article>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/orders/${id}`} className="text-sm font-semibold text-brand-700 underline">
          ← Back to the order
        </Link>
        <Button onClick={() => window.print()} disabled={!order.data}>
          Print
        </Button>
      </div>
      <QueryState isPending={order.isPending} error={order.error} label="the order">
        {order.data && <PackingSlip order={order.data.order} />}
      </QueryState>
    </section>
  );
}
