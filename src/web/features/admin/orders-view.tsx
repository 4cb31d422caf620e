import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cityAndState } from '../../../shared/address';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import { MAX_DISPATCH_JOB_ORDERS } from '../../../shared/api/dispatch';
import { COD_NOTHING_OWED, codOwesNothing } from '../../../shared/cash-on-delivery';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { ORDER_QUEUES, ORDER_SORTS, SLOT_FILTERS } from '../../../shared/dispatch-desk';
import { formatInr, formatLineAmount } from '../../../shared/money';
import { ORDER_STATUSES, orderStatusLabel } from '../../../shared/order-status';
import { orderItemKey } from '../../../shared/personalisation-rules';
import { Button } from '../../components/button';
import { FeeRows } from '../../components/fee-rows';
import { Modal } from '../../components/modal';
import { PersonalisationDetails } from '../../components/personalisation-details';
import { SavingRows } from '../../components/saving-rows';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import {
  downloadAdminInvoice,
  errorMessage,
  type OrderFilters,
  useAdminOrders,
  useChangeOrderStatus,
} from './admin-api';
import { formatDateTime, inputClass, Pager, QueryState, StatusText } from './admin-ui';
import { BulkActionBar } from './bulk-actions';
import type { OrderSelection } from './bulk-api';
import { EmailLink, PhoneLink } from './contact-links';
import { CreditNotes } from './credit-notes';
import { OrderLineRemoval } from './order-line-removal';

function OrderFiltersForm({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange(next: OrderFilters): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(filters);
  // Issue 26: on a phone the status and dates fold away behind "Filters", so the orders come first.
  const [showFilters, setShowFilters] = useState(false);
  const activeFilters = [
    filters.status,
    filters.from,
    filters.to,
    filters.deliveryFrom,
    filters.deliveryTo,
    filters.slot,
    filters.payment,
  ].filter(Boolean).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...draft, page: 1 });
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-brand-100 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div className="flex flex-col gap-1 lg:col-span-2">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold text-stone-800">
          Order number, name, e-mail or phone
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={inputClass}
          value={draft.q ?? ''}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
      </div>
      <div className="flex gap-2 sm:hidden">
        <Button
          variant="secondary"
          aria-expanded={showFilters}
          aria-controls={`${id}-more`}
          onClick={() => setShowFilters(!showFilters)}
        >
          Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
        </Button>
        <Button type="submit">Search</Button>
      </div>
      <div id={`${id}-more`} className={`${showFilters ? 'grid' : 'hidden'} gap-3 sm:contents`}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-semibold text-stone-800">
            Status
          </label>
          <select
            id={`${id}-status`}
            className={inputClass}
            value={draft.status ?? ''}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-semibold text-stone-800">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass}
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-semibold text-stone-800">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass}
            value={draft.to ?? ''}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-delivery-from`} className="text-sm font-semibold text-stone-800">
            Delivery from
          </label>
          <input
            id={`${id}-delivery-from`}
            type="date"
            className={inputClass}
            value={draft.deliveryFrom ?? ''}
            onChange={(event) => setDraft({ ...draft, deliveryFrom: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-delivery-to`} className="text-sm font-semibold text-stone-800">
            Delivery to
          </label>
          <input
            id={`${id}-delivery-to`}
            type="date"
            className={inputClass}
            value={draft.deliveryTo ?? ''}
            onChange={(event) => setDraft({ ...draft, deliveryTo: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-slot`} className="text-sm font-semibold text-stone-800">
            Delivery slot
          </label>
          <select
            id={`${id}-slot`}
            className={inputClass}
            value={draft.slot ?? ''}
            onChange={(event) => setDraft({ ...draft, slot: event.target.value })}
          >
            <option value="">Any slot</option>
            {Object.entries(SLOT_FILTERS).map(([slot, label]) => (
              <option key={slot} value={slot}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-payment`} className="text-sm font-semibold text-stone-800">
            Payment
          </label>
          <select
            id={`${id}-payment`}
            className={inputClass}
            value={draft.payment ?? ''}
            onChange={(event) => setDraft({ ...draft, payment: event.target.value })}
          >
            <option value="">COD and prepaid</option>
            <option value="cod">Cash on delivery</option>
            <option value="online">Prepaid</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-stone-800">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className={inputClass}
            value={draft.sort ?? (draft.queue ? 'delivery' : 'newest')}
            onChange={(event) => setDraft({ ...draft, sort: event.target.value })}
          >
            {Object.entries(ORDER_SORTS).map(([sort, label]) => (
              <option key={sort} value={sort}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2 lg:col-span-5">
          <Button type="submit">Filter orders</Button>
        </div>
      </div>
    </form>
  );
}

const queueTabClass = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 font-semibold ${
    current ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-200 bg-white text-brand-800'
  }`;

const FILTER_KEYS = [
  'status',
  'from',
  'to',
  'q',
  'deliveryFrom',
  'deliveryTo',
  'slot',
  'sort',
  'queue',
  'payment',
] as const;

/** The list's filters as the address holds them; a page that is not a whole number is the first. */
function filtersOf(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'));
  const filters: OrderFilters = { page: Number.isInteger(page) && page > 1 ? page : 1 };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

const paramsOf = (filters: OrderFilters) =>
  new URLSearchParams(
    Object.entries(filters)
      .filter(([key, value]) => value && !(key === 'page' && value === 1))
      .map(([key, value]) => [key, String(value)]),
  );

/** The list's filter without its page: what "all N orders matching this filter" means. */
const filterOf = ({ page: _page, ...filter }: OrderFilters) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as OrderSelection['filter'];

/**
 * Issue 26: the back office's order list, with a checkbox per order, "select all N matching this
 * filter" and the bulk action bar. `bulkActions` adds actions to the bar (a courier's "Ship").
 */
export function OrdersView({
  bulkActions,
}: {
  bulkActions?: (selection: OrderSelection, count: number) => ReactNode;
} = {}) {
  // In the address, so that going back from an order comes to the same filtered page (the
  // owner works through a filtered list one order at a time).
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (next: OrderFilters) => setParams(paramsOf(next), { replace: true });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const orders = useAdminOrders(filters);
  const list = orders.data;
  const pageIds = list?.data.map((order) => order.id) ?? [];
  const wholePageChosen = pageIds.length > 0 && pageIds.every((orderId) => chosen.has(orderId));
  const total = list?.total ?? 0;

  const clear = () => {
    setChosen(new Set());
    setAllMatching(false);
  };
  const toggle = (orderId: string) => {
    setAllMatching(false);
    const next = new Set(chosen);
    if (next.has(orderId)) next.delete(orderId);
    else next.add(orderId);
    setChosen(next);
  };
  const togglePage = () => {
    setAllMatching(false);
    const next = new Set(chosen);
    for (const orderId of pageIds) {
      if (wholePageChosen) next.delete(orderId);
      else next.add(orderId);
    }
    setChosen(next);
  };
  const selection: OrderSelection = allMatching ? { filter: filterOf(filters) } : { orderIds: [...chosen] };
  const count = allMatching ? total : chosen.size;

  const inQueue = filters.queue === 'ship-today';
  return (
    <div className="space-y-4">
      <nav aria-label="Order queues" className="flex flex-wrap gap-2">
        <Link
          to="/admin/orders"
          aria-current={inQueue ? undefined : 'page'}
          className={queueTabClass(!inQueue)}
          onClick={clear}
        >
          All orders
        </Link>
        <Link
          to="/admin/orders?queue=ship-today"
          aria-current={inQueue ? 'page' : undefined}
          className={queueTabClass(inQueue)}
          onClick={clear}
        >
          {ORDER_QUEUES['ship-today']}
        </Link>
      </nav>
      {inQueue && (
        <p className="text-sm text-stone-700">
          Paid orders and confirmed cash on delivery orders due today or tomorrow (or with no delivery date
          chosen), each day's timed and midnight slots first, the earliest time first.
        </p>
      )}
      <OrderFiltersForm
        key={params.toString()}
        filters={filters}
        onChange={(next) => {
          clear();
          setFilters(next);
        }}
      />
      {count > 0 && (
        <BulkActionBar selection={selection} count={count} onClear={clear}>
          {bulkActions?.(selection, count)}
        </BulkActionBar>
      )}
      <QueryState isPending={orders.isPending} error={orders.error} label="orders">
        {list && list.data.length === 0 ? (
          <EmptyState title="No orders found">Try other filters.</EmptyState>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-stone-800">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-600"
                  checked={wholePageChosen || allMatching}
                  onChange={togglePage}
                />
                Select all on this page
              </label>
              {wholePageChosen &&
                !allMatching &&
                total > pageIds.length &&
                (total <= MAX_DISPATCH_JOB_ORDERS ? (
                  <Button variant="secondary" onClick={() => setAllMatching(true)}>
                    Select all {total.toLocaleString('en-IN')} orders matching this filter
                  </Button>
                ) : (
                  <span className="text-stone-600">
                    {total.toLocaleString('en-IN')} orders match; narrow the filter to{' '}
                    {MAX_DISPATCH_JOB_ORDERS.toLocaleString('en-IN')} or fewer to choose them all.
                  </span>
                ))}
            </div>
            <ul className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white">
              {list?.data.map((order) => (
                <li key={order.id} className="flex items-start gap-3 p-3">
                  <input
                    type="checkbox"
                    aria-label={`Choose order ${order.orderNumber}`}
                    className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
                    checked={allMatching || chosen.has(order.id)}
                    onChange={() => toggle(order.id)}
                  />
                  <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <Link to={`/admin/orders/${order.id}`} className="font-bold text-brand-700 underline">
                        Order {order.orderNumber}
                      </Link>
                      <p className="text-sm break-words text-stone-600">
                        {order.customerName} · <EmailLink email={order.customerEmail} /> ·{' '}
                        <PhoneLink phone={order.phone} />
                      </p>
                      <p className="text-xs text-stone-600">
                        {formatDateTime(order.createdAt)} · {order.itemCount}{' '}
                        {order.itemCount === 1 ? 'item' : 'items'}
                        {order.isQuote && <span className="ml-1 font-semibold text-brand-800">· Quote</span>}
                        {order.isGift && <span className="ml-1 font-semibold text-brand-800">· Gift</span>}
                      </p>
                      {order.delivery && (
                        <p className="text-xs font-semibold text-stone-800">
                          Deliver on {deliveryChoiceText(order.delivery)}
                        </p>
                      )}
                    </div>
                    <div className="text-right">
                      <p className="font-bold text-stone-900">{formatInr(order.totalAmount)}</p>
                      <StatusText status={order.status} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        {list && (
          <Pager
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        )}
      </QueryState>
    </div>
  );
}

/** Decision 0065: the statuses after booking that only the courier's scans change. */
const COURIER_MOVES = [
  'packed',
  'shipped',
  'out_for_delivery',
  'failed_delivery',
  'rto_initiated',
  'rto_in_transit',
];

/** Issue 26: what the owner agrees to before cancelling: the refund it makes, in rupees. */
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

/**
 * The status buttons offer only the steps the server allows now (nextStatuses): once a shipment is
 * booked, none of the courier's (decision 0065). The note is internal unless the owner ticks it
 * for the customer (unticked).
 */
export function OrderStatusControls({ detail }: { detail: AdminOrderDetail }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [noteToCustomer, setNoteToCustomer] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const change = useChangeOrderStatus(detail.order.id);
  if (detail.nextStatuses.length === 0) {
    return (
      <p className="text-stone-600">
        {COURIER_MOVES.includes(detail.order.status)
          ? `This order is ${orderStatusLabel(detail.order.status)}. The courier's scans move it from here; a failed delivery is answered in the Shipment panel.`
          : `This order is ${orderStatusLabel(detail.order.status)}; it has no further steps.`}
      </p>
    );
  }
  const moveTo = (status: string) =>
    change.mutate(
      { status, note, noteToCustomer },
      {
        onSuccess: () => {
          setNote('');
          setNoteToCustomer(false);
          setConfirmingCancel(false);
        },
        onError: () => setConfirmingCancel(false),
      },
    );
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Change status
      </h2>
      <label htmlFor={`${id}-note`} className="mt-3 block text-sm font-semibold text-stone-800">
        Note (optional)
      </label>
      <textarea
        id={`${id}-note`}
        className={`${inputClass} mt-1`}
        rows={2}
        maxLength={500}
        value={note}
        aria-describedby={`${id}-note-hint`}
        onChange={(event) => setNote(event.target.value)}
      />
      <label className="mt-2 flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={noteToCustomer}
          onChange={(event) => setNoteToCustomer(event.target.checked)}
        />
        Send this note to the customer
      </label>
      <p id={`${id}-note-hint`} className="text-sm text-stone-600">
        {noteToCustomer
          ? 'The customer sees it on their order and in the status e-mail.'
          : 'Only the store sees it.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {detail.nextStatuses.map((status) => (
          <Button
            key={status}
            variant={status === 'cancelled' || status === 'returned' ? 'danger' : 'primary'}
            disabled={change.isPending}
            onClick={() => (status === 'cancelled' ? setConfirmingCancel(true) : moveTo(status))}
          >
            Mark as {orderStatusLabel(status)}
          </Button>
        ))}
      </div>
      {change.error && (
        <div className="mt-3">
          <ErrorBanner>{errorMessage(change.error)}</ErrorBanner>
        </div>
      )}
      {confirmingCancel && (
        <CancelOrderDialog
          detail={detail}
          isOpen
          isPending={change.isPending}
          onConfirm={() => moveTo('cancelled')}
          onClose={() => setConfirmingCancel(false)}
        />
      )}
    </section>
  );
}

/** Issue 14: the order's GST tax invoice, downloaded with the admin's token. */
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

/** Issue 26: the order's money ledger: every capture and refund, and what the store keeps. */
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
                  {formatDateTime(line.createdAt)}
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
        <p className="text-sm text-stone-600">Placed {formatDateTime(order.createdAt)}</p>
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
                {formatDateTime(payment.createdAt)}: {payment.status} {formatInr(payment.amount)}
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
                {formatDateTime(record.createdAt)}: {record.status},{' '}
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
              <span className="text-stone-600">{formatDateTime(event.createdAt)}</span>
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
