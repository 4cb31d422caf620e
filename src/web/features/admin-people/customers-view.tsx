import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminCustomerDetail, AdminCustomerSummary } from '../../../shared/api/admin-customers';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, Pager, QueryState, StatusText } from '../../components/admin/admin-ui';
import { EmailLink, PhoneLink } from '../../components/admin/contact-links';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import {
  type CustomerFilters,
  downloadCustomers,
  useAdminCustomers,
  useCorporateApproval,
} from './customers-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkCustomerSearch = checksOnFirstUse(
  () => import('./people-checks'),
  (checks) => checks.checkCustomerSearch,
);

/** Decision 0076: every customer as CSV, for a role that may export them. */
export function DownloadCustomers() {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    setState('busy');
    try {
      await downloadCustomers();
      setState('done');
    } catch (failure) {
      setError(errorMessage(failure));
      setState('idle');
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" disabled={state === 'busy'} onClick={() => void download()}>
        Download customers (CSV)
      </Button>
      <p role="status" className="text-sm text-stone-700">
        {state === 'busy' ? 'Preparing the list…' : state === 'done' ? 'Customer list downloaded.' : ''}
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </div>
  );
}

const ordersText = (count: number) => `${count} paid ${count === 1 ? 'order' : 'orders'}`;

function CustomerFigures({ customer }: { customer: AdminCustomerSummary }) {
  return (
    <p className="text-sm text-stone-700">
      {ordersText(customer.orderCount)}
      {customer.spend === null ? '' : ` · spent ${formatInr(customer.spend)}`}
      {customer.lastOrderAt ? ` · last order ${formatIndiaDateTime(customer.lastOrderAt)}` : ''}
    </p>
  );
}

/** The back office's customers, searched by name, phone or e-mail, 25 to a page. */
export function CustomersView() {
  const id = useId();
  const [filters, setFilters] = useState<CustomerFilters>({ page: 1 });
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkCustomerSearch,
    defaultValues: { q: '' },
  });
  const customers = useAdminCustomers(filters);
  const submit = handleSubmit(({ q }) => setFilters({ q: q ?? '', page: 1 }));
  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        onFocus={checkCustomerSearch.preload}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-xl border border-brand-100 bg-white p-4"
      >
        <div className="min-w-0 flex-1">
          <FormField
            id={`${id}-q`}
            label="Name, phone or e-mail"
            type="search"
            maxLength={100}
            className="w-full"
            error={formState.errors.q?.message}
            {...register('q')}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {formState.errors.root && <ErrorBanner>{formState.errors.root.message}</ErrorBanner>}
      <QueryState isPending={customers.isPending} error={customers.error} label="customers">
        {customers.data && customers.data.data.length === 0 ? (
          <EmptyState title="No customers found">
            {filters.q
              ? 'Try part of the name, the phone number or the e-mail.'
              : 'Nobody has signed up yet.'}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white">
            {customers.data?.data.map((customer) => (
              <li key={customer.id} className="space-y-1 p-3">
                <Link to={`/admin/customers/${customer.id}`} className="font-bold text-brand-700 underline">
                  {customer.name}
                </Link>
                <p className="text-sm break-words text-stone-700">
                  <EmailLink email={customer.email} />
                  {customer.phone && (
                    <>
                      {' · '}
                      <PhoneLink phone={customer.phone} />
                    </>
                  )}
                </p>
                <CustomerFigures customer={customer} />
              </li>
            ))}
          </ul>
        )}
        {customers.data && (
          <Pager
            page={customers.data.page}
            pageSize={customers.data.pageSize}
            total={customers.data.total}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        )}
      </QueryState>
    </div>
  );
}

/**
 * Decision 0081: a business account's GSTIN, and whether the owner approved it as a corporate
 * buyer, whose gift links a day are the Settings' corporate limit; `canApprove` for a role that may.
 */
function BusinessAccount({
  customerId,
  business,
  corporateApprovedAt,
  canApprove,
}: {
  customerId: number;
  business: NonNullable<AdminCustomerDetail['business']>;
  corporateApprovedAt: string | null;
  canApprove: boolean;
}) {
  const approval = useCorporateApproval(customerId);
  const approved = corporateApprovedAt !== null;
  return (
    <section className="space-y-2 rounded-xl border border-brand-100 bg-white p-4">
      <h2 className="font-bold text-stone-900">Business account</h2>
      <p className="break-words text-stone-800">
        GSTIN {business.gstin}
        {business.legalName ? ` · ${business.legalName}` : ''}
      </p>
      <p role="status" className="text-sm text-stone-700">
        {approved
          ? `Approved corporate account since ${formatIndiaDateTime(corporateApprovedAt)}: it may send the corporate number of gift links a day.`
          : 'Not an approved corporate account: it may send the ordinary number of gift links a day.'}
      </p>
      {canApprove && (
        <Button variant="secondary" disabled={approval.isPending} onClick={() => approval.mutate(!approved)}>
          {approved ? 'Withdraw corporate approval' : 'Approve as a corporate account'}
        </Button>
      )}
      {approval.error && <ErrorBanner>{errorMessage(approval.error)}</ErrorBanner>}
    </section>
  );
}

/** One customer: how to reach them, their business, their addresses and their latest orders. */
export function CustomerDetailView({
  detail,
  canApproveCorporate = false,
}: {
  detail: AdminCustomerDetail;
  /** Decision 0081: the settings permission's (the API checks it again). */
  canApproveCorporate?: boolean;
}) {
  const { customer } = detail;
  return (
    <div className="space-y-4">
      <section className="space-y-1 rounded-xl border border-brand-100 bg-white p-4">
        <p className="break-words">
          <EmailLink email={customer.email} />
          {customer.phone && (
            <>
              {' · '}
              <PhoneLink phone={customer.phone} />
            </>
          )}
        </p>
        <CustomerFigures customer={customer} />
        <p className="text-sm text-stone-600">Customer since {formatIndiaDateTime(customer.createdAt)}</p>
      </section>
      {detail.business && (
        <BusinessAccount
          customerId={customer.id}
          business={detail.business}
          corporateApprovedAt={detail.corporateApprovedAt}
          canApprove={canApproveCorporate}
        />
      )}
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="font-bold text-stone-900">Addresses</h2>
        {detail.addresses.length === 0 ? (
          <p className="mt-2 text-stone-600">No saved addresses.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {detail.addresses.map((address) => (
              <li key={address.id}>
                <address className="not-italic text-stone-800">
                  <span className="font-semibold">{address.fullName}</span>
                  {address.isDefault ? ' (default)' : ''}
                  {address.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                  <PhoneLink phone={address.phone} />
                </address>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-xl border border-brand-100 bg-white p-4">
        <h2 className="font-bold text-stone-900">Orders ({detail.ordersTotal})</h2>
        {detail.orders.length === 0 ? (
          <p className="mt-2 text-stone-600">No orders yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {detail.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <Link to={`/admin/orders/${order.id}`} className="font-semibold text-brand-700 underline">
                    Order {order.orderNumber}
                  </Link>
                  <span className="block text-xs text-stone-600">{formatIndiaDateTime(order.createdAt)}</span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold">{formatInr(order.totalAmount)}</span>
                  <StatusText status={order.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
        {detail.ordersTotal > detail.orders.length && (
          <p className="mt-2 text-sm text-stone-600">
            The latest {detail.orders.length} are shown; search the orders for {customer.email} to see all.
          </p>
        )}
      </section>
    </div>
  );
}
