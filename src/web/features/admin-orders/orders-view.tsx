import { type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { Link, UNSAFE_DataRouterNavigationContext as RouterNavigation, useSearchParams } from 'react-router';
import type { OrderSelection } from '../../../shared/api/admin-bulk';
import { MAX_DISPATCH_JOB_ORDERS } from '../../../shared/api/dispatch-rules';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { ORDER_QUEUES, ORDER_SORTS, SLOT_FILTERS } from '../../../shared/dispatch-desk';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { ORDER_STATUSES, orderStatusLabel } from '../../../shared/order-status';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Pager, QueryState, StatusText } from '../../components/admin/admin-ui';
import { EmailLink, PhoneLink } from '../../components/admin/contact-links';
import { Button } from '../../components/button';
import { CheckboxField, FormField, SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { type OrderFilters, useAdminOrders } from './orders-api';

const checkOrderFilters = checksOnFirstUse(
  () => import('./order-filter-checks'),
  (checks) => checks.checkOrderFilters,
);

function OrderFiltersForm({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange(next: OrderFilters): void;
}) {
  const id = useId();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkOrderFilters,
    defaultValues: {
      q: filters.q ?? '',
      status: filters.status ?? '',
      from: filters.from ?? '',
      to: filters.to ?? '',
      deliveryFrom: filters.deliveryFrom ?? '',
      deliveryTo: filters.deliveryTo ?? '',
      slot: filters.slot ?? '',
      payment: filters.payment ?? '',
      sort: filters.sort ?? (filters.queue ? 'delivery' : 'newest'),
      // Not fields: the queue's tab and a gift batch's link chose them, and a search keeps them.
      queue: filters.queue ?? '',
      batch: filters.batch ?? '',
    },
  });
  const errors = formState.errors;
  // The checks answer after a moment (they load on first use): an owner who has opened an order
  // meanwhile (its page may still be loading) stays on it, as the filters would otherwise take the
  // address back to the list. Outside a data router (a test's) no navigation is ever pending.
  const router = useContext(RouterNavigation);
  const leaving = useRef(false);
  leaving.current = router !== null && router.navigation.state !== 'idle';
  useEffect(() => {
    leaving.current = false;
    return () => {
      leaving.current = true;
    };
  }, []);
  // On a phone the status and dates fold away behind "Filters", so the orders come first.
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
  return (
    <form
      onSubmit={handleSubmit((next) => {
        if (!leaving.current) onChange({ ...next, page: 1 });
      })}
      onFocus={checkOrderFilters.preload}
      noValidate
      className="grid gap-3 rounded-xl border border-brand-100 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      {errors.root && (
        <div className="sm:col-span-2 lg:col-span-5">
          <ErrorBanner>{errors.root.message}</ErrorBanner>
        </div>
      )}
      <div className="lg:col-span-2">
        <FormField
          label="Order number, name, e-mail or phone"
          type="search"
          error={errors.q?.message}
          {...register('q')}
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
        <SelectField
          label="Status"
          options={[
            { value: '', label: 'All statuses' },
            ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) })),
          ]}
          error={errors.status?.message}
          {...register('status')}
        />
        <FormField label="From" type="date" error={errors.from?.message} {...register('from')} />
        <FormField label="To" type="date" error={errors.to?.message} {...register('to')} />
        <FormField
          label="Delivery from"
          type="date"
          error={errors.deliveryFrom?.message}
          {...register('deliveryFrom')}
        />
        <FormField
          label="Delivery to"
          type="date"
          error={errors.deliveryTo?.message}
          {...register('deliveryTo')}
        />
        <SelectField
          label="Delivery slot"
          options={[
            { value: '', label: 'Any slot' },
            ...Object.entries(SLOT_FILTERS).map(([slot, label]) => ({ value: slot, label })),
          ]}
          error={errors.slot?.message}
          {...register('slot')}
        />
        <SelectField
          label="Payment"
          options={[
            { value: '', label: 'COD and prepaid' },
            { value: 'cod', label: 'Cash on delivery' },
            { value: 'online', label: 'Prepaid' },
          ]}
          error={errors.payment?.message}
          {...register('payment')}
        />
        <SelectField
          label="Sort by"
          options={Object.entries(ORDER_SORTS).map(([sort, label]) => ({ value: sort, label }))}
          error={errors.sort?.message}
          {...register('sort')}
        />
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
  'batch',
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
 * The back office's order list, with a checkbox per order and "select all N matching this
 * filter". `bulkActions` draws the bar of what can be done to the chosen orders (the dispatch
 * desk's, composed by the page); `clear` empties the choice.
 */
export function OrdersView({
  bulkActions,
}: {
  bulkActions?: (selection: OrderSelection, count: number, clear: () => void) => ReactNode;
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
  const waiting = filters.queue === 'waiting-for-recipient';
  return (
    <div className="space-y-4">
      <nav aria-label="Order queues" className="flex flex-wrap gap-2">
        <Link
          to="/admin/orders"
          aria-current={inQueue || waiting ? undefined : 'page'}
          className={queueTabClass(!inQueue && !waiting)}
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
        <Link
          to="/admin/orders?queue=waiting-for-recipient"
          aria-current={waiting ? 'page' : undefined}
          className={queueTabClass(waiting)}
          onClick={clear}
        >
          {ORDER_QUEUES['waiting-for-recipient']}
        </Link>
      </nav>
      {waiting && (
        <p className="text-sm text-stone-700">
          Paid gifts sent by link whose recipient has not given the address yet, placed when shown. They join
          All orders once the address is given.
        </p>
      )}
      {filters.batch && (
        <p role="status" className="text-sm text-stone-700">
          The orders of one payment for gift links to many recipients, each its own order and invoice, whether
          or not its recipient has given the address.
        </p>
      )}
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
      {count > 0 && bulkActions?.(selection, count, clear)}
      <QueryState isPending={orders.isPending} error={orders.error} label="orders">
        {list && list.data.length === 0 ? (
          <EmptyState title="No orders found">Try other filters.</EmptyState>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <CheckboxField
                label="Select all on this page"
                className="font-semibold"
                checked={wholePageChosen || allMatching}
                onChange={togglePage}
              />
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
                  <CheckboxField
                    label={<span className="sr-only">Choose order {order.orderNumber}</span>}
                    className="shrink-0"
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
                        {formatIndiaDateTime(order.createdAt)} · {order.itemCount}{' '}
                        {order.itemCount === 1 ? 'item' : 'items'}
                        {order.isQuote && <span className="ml-1 font-semibold text-brand-800">· Quote</span>}
                        {order.isGift && <span className="ml-1 font-semibold text-brand-800">· Gift</span>}
                        {order.giftBatchId && (
                          <Link
                            to={`/admin/orders?batch=${order.giftBatchId}`}
                            className="ml-1 font-semibold text-brand-700 underline"
                            aria-label={`Orders paid together with order ${order.orderNumber}`}
                          >
                            · Paid together
                          </Link>
                        )}
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
