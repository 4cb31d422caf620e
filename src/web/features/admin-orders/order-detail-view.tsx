import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { cityAndState } from '../../../shared/address-rules';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import { COD_NOTHING_OWED, codOwesNothing } from '../../../shared/cash-on-delivery-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr, formatLineAmount } from '../../../shared/money';
import { orderStatusLabel } from '../../../shared/order-status';
import { orderItemKey } from '../../../shared/personalisation-rules';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, StatusText } from '../../components/admin/admin-ui';
import { EmailLink, PhoneLink } from '../../components/admin/contact-links';
import { Button } from '../../components/button';
import { FeeRows } from '../../components/fee-rows';
import { CheckboxField, TextAreaField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { PersonalisationDetails } from '../../components/personalisation-details';
import { SavingRows } from '../../components/saving-rows';
import { ErrorBanner } from '../../components/status-message';
import { CreditNotes } from './credit-notes';
import { OrderLineRemoval } from './order-line-removal';
import { downloadAdminInvoice, useChangeOrderStatus } from './orders-api';

// One order's status controls and summary, apart from the order list (orders-view.tsx): each admin
// page loads only its own, within its JavaScript budget (scripts/js-budget.ts).

/** Decision 0065: the statuses after booking that only the courier's scans change. */
const COURIER_MOVES = [
  'packed',
  'shipped',
  'out_for_delivery',
  'failed_delivery',
  'rto_initiated',
  'rto_in_transit',
];

/** What the owner agrees to before cancelling: the refund it makes, in rupees. */
function CancelOrderDialog({
  detail,
  isOpen,
  isPending,
  onConfirm,
  onClose,
}: {
  detail: AdminOrderDetail;
  isOpen: boolean;
  isPending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const refund = detail.money.refundOnCancel;
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={`Cancel order ${detail.order.orderNumber}?`}>
      <p className="text-stone-800">
        {refund > 0
          ? `${formatInr(refund)} will be refunded to the customer's original payment method.`
          : 'No payment will be refunded: nothing was paid through the payment provider.'}
      </p>
      <p className="mt-2 text-sm text-stone-600">
        The items go back into stock and the customer is told by e-mail
        {refund > 0 ? ', with the refund amount' : ''}. This cannot be undone.
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Keep the order
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={isPending}>
          {refund > 0 ? `Cancel and refund ${formatInr(refund)}` : 'Cancel the order'}
        </Button>
      </div>
    </Modal>
  );
}

const checkStatusChange = checksOnFirstUse(
  () => import('./order-status-checks'),
  (checks) => checks.checkStatusChange,
);

/**
 * The status buttons offer only the steps the server allows now (nextStatuses): once a shipment is
 * booked, none of the courier's (decision 0065). The note is internal unless the owner ticks it
 * for the customer (unticked). The button pressed is the form's status; cancelling asks first.
 */
export function OrderStatusControls({ detail }: { detail: AdminOrderDetail }) {
  const id = useId();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const change = useChangeOrderStatus(detail.order.id);
  const { register, handleSubmit, setValue, watch, reset, formState } = useCheckedForm({
    checks: checkStatusChange,
    defaultValues: { status: '', note: '', noteToCustomer: false },
  });
  const errors = formState.errors;
  const noteToCustomer = watch('noteToCustomer');
  if (detail.nextStatuses.length === 0) {
    return (
      <p className="text-stone-600">
        {COURIER_MOVES.includes(detail.order.status)
          ? `This order is ${orderStatusLabel(detail.order.status)}. The courier's scans move it from here; a failed delivery is answered in the Shipment panel.`
          : `This order is ${orderStatusLabel(detail.order.status)}; it has no further steps.`}
      </p>
    );
  }
  const submit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        reset();
        setConfirmingCancel(false);
      },
      onError: () => setConfirmingCancel(false),
    }),
  );
  const moveTo = (status: string) => {
    setValue('status', status);
    void submit();
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Change status
      </h2>
      <form
        aria-labelledby={`${id}-title`}
        onSubmit={submit}
        onFocus={checkStatusChange.preload}
        noValidate
        className="mt-3 space-y-2"
      >
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={500}
          aria-describedby={`${id}-note-hint`}
          error={errors.note?.message}
          {...register('note')}
        />
        <CheckboxField
          label="Send this note to the customer"
          error={errors.noteToCustomer?.message}
          {...register('noteToCustomer')}
        />
        <p id={`${id}-note-hint`} className="text-sm text-stone-600">
          {noteToCustomer
            ? 'The customer sees it on their order and in the status e-mail.'
            : 'Only the store sees it.'}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          {detail.nextStatuses.map((status) => (
            <Button
              key={status}
              variant={status === 'cancelled' || status === 'returned' ? 'danger' : 'primary'}
              disabled={change.isPending || formState.isSubmitting}
              onClick={() => (status === 'cancelled' ? setConfirmingCancel(true) : moveTo(status))}
            >
              Mark as {orderStatusLabel(status)}
            </Button>
          ))}
        </div>
        {(errors.root ?? errors.status) && (
          <ErrorBanner>{(errors.root ?? errors.status)?.message}</ErrorBanner>
        )}
        {/* The note was checked as the server checks it: what it refuses is the step (no longer allowed). */}
        {change.error && <ErrorBanner>{errorMessage(change.error)}</ErrorBanner>}
      </form>
      {confirmingCancel && (
        <CancelOrderDialog
          detail={detail}
          isOpen
          isPending={change.isPending || formState.isSubmitting}
          onConfirm={() => moveTo('cancelled')}
          onClose={() => setConfirmingCancel(false)}
        />
      )}
    </section>
  );
}

/** The order's GST tax invoice, downloaded with the admin's token. */
function InvoiceLink({ orderId, invoiceNumber }: { orderId: string; invoiceNumber: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <p className="mt-1 text-sm">
      Invoice {invoiceNumber}{' '}
      <button
        type="button"
        className="min-h-11 font-semibold text-brand-700 hover:underline"
        onClick={() => {
          setError(null);
          downloadAdminInvoice(orderId, invoiceNumber).catch((failure: unknown) =>
            setError(errorMessage(failure)),
          );
        }}
      >
        Download invoice PDF
      </button>
      {error && <span className="block text-red-700">{error}</span>}
    </p>
  );
}

/** The order's money ledger: every capture and refund, and what the store keeps. */
function OrderMoney({ money }: { money: AdminOrderDetail['money'] }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Money
      </h2>
      {money.lines.length === 0 ? (
        <p className="mt-2 text-stone-600">No money has moved for this order yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm">
          {money.lines.map((line) => (
            <li
              key={`${line.createdAt}-${line.kind}-${line.providerRef ?? ''}`}
              className="flex justify-between gap-2 py-1.5"
            >
              <span className="min-w-0 break-words">
                {line.label}
                <span className="block text-stone-600">
                  {formatIndiaDateTime(line.createdAt)}
                  {line.providerRef ? ` · ${line.providerRef}` : ''}
                </span>
              </span>
              <span
                className={`shrink-0 whitespace-nowrap font-semibold ${line.kind === 'refunded' ? 'text-red-700' : ''}`}
              >
                {line.kind === 'refunded' ? '-' : ''}
                {formatInr(line.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-2 space-y-1 border-t border-stone-200 pt-2 text-sm">
        <div className="flex justify-between">
          <dt>Captured</dt>
          <dd>{formatInr(money.captured)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Refunded</dt>
          <dd>{formatInr(money.refunded)}</dd>
        </div>
        {money.codToCollect > 0 && (
          <div className="flex justify-between">
            <dt>Cash on delivery to collect</dt>
            <dd>{formatInr(money.codToCollect)}</dd>
          </div>
        )}
        <div className="flex justify-between font-bold">
          <dt>Net</dt>
          <dd>{formatInr(money.net)}</dd>
        </div>
      </dl>
      {money.refundDue > 0 && (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          A refund of {formatInr(money.refundDue)} is waiting for the payment provider; the store tries again
          every few minutes.
        </p>
      )}
    </section>
  );
}

export function OrderSummary({
  detail,
  addressChange,
}: {
  detail: AdminOrderDetail;
  /** Decision 0066: the page's "Change address or phone", until the order is booked. */
  addressChange?: ReactNode;
}) {
  const { order, customer } = detail;
  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <p className="text-sm text-stone-600">Placed {formatIndiaDateTime(order.createdAt)}</p>
        <p className="mt-1">
          Status: <StatusText status={order.status} />
        </p>
        {order.invoiceNumber && <InvoiceLink orderId={order.id} invoiceNumber={order.invoiceNumber} />}
        {order.invoiceNumber && <CreditNotes orderId={order.id} />}
        <p className="mt-2 font-semibold">
          <Link to={`/admin/customers/${customer.id}`} className="text-brand-700 underline">
            {customer.name}
          </Link>{' '}
          · <EmailLink email={customer.email} />
        </p>
        <address className="mt-1 not-italic text-stone-700">
          {order.shippingAddress.fullName}, {order.shippingAddress.address},{' '}
          {cityAndState(order.shippingAddress)} {order.shippingAddress.postalCode} · Phone{' '}
          <PhoneLink phone={order.shippingAddress.phone} />
        </address>
        {addressChange}
        {detail.giftLinkFlaggedAt && (
          <p
            role="note"
            className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            Its gift link was opened from many devices or addresses (flagged{' '}
            {formatIndiaDateTime(detail.giftLinkFlaggedAt)}): check with the sender before dispatch.
          </p>
        )}
        {detail.giftBatch && (
          <p className="mt-2 text-sm">
            One of {detail.giftBatch.orders} gift links paid together.{' '}
            <Link
              to={`/admin/orders?batch=${detail.giftBatch.id}`}
              className="font-semibold text-brand-700 underline"
            >
              See all {detail.giftBatch.orders} orders
            </Link>
          </p>
        )}
      </section>
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="font-bold text-stone-900">Items</h2>
        <ul className="mt-2 divide-y divide-stone-100">
          {order.items.map((item) => (
            <li key={orderItemKey(item)} className="flex justify-between gap-2 py-2">
              <span>
                {item.quantity} × {item.product.name}
                {item.isPreOrder ? ' (Pre-Order)' : ''}
                {item.personalisation && (
                  <PersonalisationDetails
                    fields={item.personalisation.fields}
                    photo={item.personalisation.photo}
                    photoSize={80}
                    linkPhoto
                  />
                )}
              </span>
              <span className="flex flex-col items-end gap-2">
                <span className="font-semibold">{formatLineAmount(item)}</span>
                {order.addressEditable && order.items.length > 1 && (
                  <OrderLineRemoval
                    orderId={order.id}
                    item={item}
                    cashOnDelivery={order.cashOnDelivery !== null}
                  />
                )}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatInr(order.subtotal)}</dd>
          </div>
          <SavingRows savings={order.quantityDiscounts} rowClassName="flex justify-between gap-3" />
          {order.discount > 0 && (
            <div className="flex justify-between">
              <dt>Coupon {order.couponCode}</dt>
              <dd>-{formatInr(order.discount)}</dd>
            </div>
          )}
          <FeeRows fees={order.fees} termClassName="" amountClassName="" />
          <div className="flex justify-between font-bold">
            <dt>Total</dt>
            <dd>{formatInr(order.totalAmount)}</dd>
          </div>
        </dl>
      </section>
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="font-bold text-stone-900">Payments</h2>
        {order.cashOnDelivery && (
          // The courier collects the cash, so no payment of a provider is recorded for it.
          <p className="mt-2 text-sm">
            {codOwesNothing(order.cashOnDelivery, order.status)
              ? `Cash on delivery: ${COD_NOTHING_OWED.owner}`
              : `Cash on delivery: ${formatInr(order.cashOnDelivery.toCollect)} ${order.cashOnDelivery.collected ? 'collected on delivery' : 'to collect on delivery'}.`}
          </p>
        )}
        {detail.payments.length === 0 ? (
          !order.cashOnDelivery && <p className="mt-2 text-stone-600">No payment recorded yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {detail.payments.map((payment) => (
              <li key={`${payment.createdAt}-${payment.providerPaymentId ?? ''}`}>
                {formatIndiaDateTime(payment.createdAt)}: {payment.status} {formatInr(payment.amount)}
                {payment.method ? ` by ${payment.method}` : ''}
                {payment.refunded > 0 ? ` (${formatInr(payment.refunded)} refunded)` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      <OrderMoney money={detail.money} />
      {order.returns.length > 0 && (
        <section className="rounded-xl border border-brand-100 bg-white p-4">
          <h2 className="font-bold text-stone-900">Returns</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {order.returns.map((record) => (
              <li key={record.id}>
                {formatIndiaDateTime(record.createdAt)}: {record.status},{' '}
                {record.items.map((item) => `${item.quantity} x ${item.name}`).join(', ')} ·{' '}
                {formatInr(record.refundAmount)}
              </li>
            ))}
          </ul>
          <Link
            to="/admin/returns"
            className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700"
          >
            Review returns
          </Link>
        </section>
      )}
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="font-bold text-stone-900">Timeline</h2>
        <ol className="mt-2 space-y-2 text-sm">
          {order.events.map((event) => (
            <li key={`${event.createdAt}-${event.status}`}>
              <StatusText status={event.status} />{' '}
              <span className="text-stone-600">{formatIndiaDateTime(event.createdAt)}</span>
              {event.note && <p className="text-stone-700">{event.note}</p>}
              {event.internalNote && (
                <p className="text-stone-700">
                  <span className="font-semibold">Internal: </span>
                  {event.internalNote}
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
