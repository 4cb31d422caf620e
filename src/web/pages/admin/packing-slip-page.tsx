import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderRecord } from '../../../shared/api/orders';
import { codToCollectText } from '../../../shared/cash-on-delivery-rules';
import { formatInr, toPaise } from '../../../shared/money';
import { feeAmountText } from '../../../shared/order-charges';
import { packingSlipOf } from '../../../shared/packing-slip';
import { storeSettings } from '../../app-data';
import { QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { PersonalisationDetails } from '../../components/personalisation-details';
import { downloadPackingSlip, useAdminOrder } from '../../features/admin-orders/orders-api';

/**
 * What travels in the box: the delivery address, the items and their quantities, the
 * gift message, the chosen delivery day and slot, and prices only when the shopper did not ask to
 * hide them. The content is `packingSlipOf`'s, the same the bulk PDF prints (decision 0072).
 */
export function PackingSlip({ order }: { order: OrderRecord }) {
  const slip = packingSlipOf(order, storeSettings.storeName);
  const showPrices = slip.total !== null;
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
          {slip.storeName} · Order {slip.orderNumber}
        </p>
      </header>
      {/* Decision 0042: the courier's instruction, shown even when a gift hides its prices. */}
      {slip.codToCollect !== null && (
        <p className="mt-3 rounded-lg border-2 border-stone-900 px-3 py-2 text-xl font-extrabold">
          {codToCollectText(slip.codToCollect)}
        </p>
      )}
      <section aria-labelledby="slip-address-title" className="mt-4">
        <h2 id="slip-address-title" className="font-bold">
          Deliver to
        </h2>
        <address className="mt-1 text-base not-italic">
          {slip.deliverTo.map((line, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines never move
              key={index}
              className={`block whitespace-pre-line ${index === 0 ? 'font-semibold' : ''}`}
            >
              {line}
            </span>
          ))}
        </address>
      </section>
      {slip.deliverOn && (
        <section aria-labelledby="slip-delivery-title" className="mt-4">
          <h2 id="slip-delivery-title" className="font-bold">
            Deliver on
          </h2>
          <p className="mt-1 text-lg font-semibold">{slip.deliverOn}</p>
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
              <th scope="col" className="py-1 pl-3 text-right">
                Quantity
              </th>
              {showPrices && (
                <th scope="col" className="py-1 pl-3 text-right">
                  Amount
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {slip.items.map((item) => (
              <tr key={item.key} className="border-b border-stone-200">
                <td className="py-1">
                  {item.name}
                  {item.personalisation && (
                    <PersonalisationDetails
                      fields={item.personalisation.fields}
                      photo={item.personalisation.photo}
                      photoSize={96}
                    />
                  )}
                  {item.cardMessage && (
                    <span className="mt-1 block">
                      <span className="block text-sm font-semibold">Write in the card:</span>
                      <span className="block whitespace-pre-line break-words text-lg italic">
                        {item.cardMessage}
                      </span>
                    </span>
                  )}
                </td>
                <td className="py-1 text-right">{item.quantity}</td>
                {item.amount !== null && <td className="py-1 text-right">{formatInr(item.amount)}</td>}
              </tr>
            ))}
          </tbody>
          {slip.total !== null && (
            <tfoot>
              {[...slip.quantityDiscounts, ...(slip.discount ? [slip.discount] : [])].map((saving) => (
                <tr key={saving.label}>
                  <th scope="row" colSpan={2} className="py-1 text-right font-normal">
                    {saving.label}
                  </th>
                  <td className="py-1 text-right">-{formatInr(saving.amount)}</td>
                </tr>
              ))}
              {slip.fees.map((fee) => (
                <tr key={fee.label}>
                  <th scope="row" colSpan={2} className="py-1 text-right font-normal">
                    {fee.label}
                  </th>
                  <td className="py-1 text-right">{feeAmountText(toPaise(fee.amount))}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={2} className="py-1 text-right">
                  Total
                </th>
                <td className="py-1 text-right font-bold">{formatInr(slip.total)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </section>
      {slip.giftMessage && (
        <section aria-labelledby="slip-message-title" className="mt-6 rounded-lg border border-stone-300 p-4">
          <h2 id="slip-message-title" className="font-bold">
            Gift message
          </h2>
          <p className="mt-1 whitespace-pre-line break-words text-lg italic">{slip.giftMessage}</p>
        </section>
      )}
    </article>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const downloadPdf = (orderNumber: string) => {
    setDownload({ busy: true, error: null });
    downloadPackingSlip(id, orderNumber).then(
      () => setDownload({ busy: false, error: null }),
      (error: unknown) =>
        setDownload({
          busy: false,
          error: error instanceof Error ? error.message : 'The PDF could not be made. Please try again.',
        }),
    );
  };
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/orders/${id}`} className="text-sm font-semibold text-brand-700 underline">
          ← Back to the order
        </Link>
        <div className="flex flex-wrap gap-2">
          {/* Decision 0080: the PDF is the print jobs' own slip, the photo printed on it. */}
          <Button
            variant="secondary"
            onClick={() => order.data && downloadPdf(order.data.order.orderNumber)}
            disabled={!order.data || download.busy}
          >
            {download.busy ? 'Making the PDF...' : 'Download PDF'}
          </Button>
          <Button onClick={() => window.print()} disabled={!order.data}>
            Print
          </Button>
        </div>
      </div>
      {download.error && (
        <p role="alert" className="text-sm font-semibold text-red-700 print:hidden">
          {download.error}
        </p>
      )}
      <QueryState isPending={order.isPending} error={order.error} label="the order">
        {order.data && <PackingSlip order={order.data.order} />}
      </QueryState>
    </section>
  );
}
