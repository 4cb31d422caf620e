import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { BulkEnquiry } from '../../../shared/api/bulk-enquiries';
import {
  BULK_ENQUIRY_STATUS_LABELS,
  BULK_ENQUIRY_STATUSES,
  type BulkEnquiryStatus,
} from '../../../shared/api/bulk-enquiries-rules';
import { formatIndiaDate, formatIndiaDateTime } from '../../../shared/india-time';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, Pager, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField, SelectField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useBulkEnquiries, useUpdateBulkEnquiry } from './bulk-enquiries-api';

// The shared schema, with Zod, loads when a form is first focused or checked (decision 0088).
const checkEnquiryUpdate = checksOnFirstUse(
  () => import('./sales-checks'),
  (checks) => checks.checkEnquiryUpdate,
);

const STATUS_OPTIONS = BULK_ENQUIRY_STATUSES.map((status) => ({
  value: status,
  label: BULK_ENQUIRY_STATUS_LABELS[status],
}));

function EnquiryCard({ enquiry }: { enquiry: BulkEnquiry }) {
  const id = useId();
  const update = useUpdateBulkEnquiry(enquiry.id);
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkEnquiryUpdate,
    defaultValues: { status: enquiry.status, note: enquiry.note ?? '' },
  });
  const errors = formState.errors;
  return (
    <li className="rounded-xl border border-brand-100 bg-white p-4">
      <article aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="font-bold text-stone-900">
          #{enquiry.id} · {enquiry.occasion} · {enquiry.quantity.toLocaleString('en-IN')} pieces
        </h2>
        <p className="text-sm text-stone-600">
          Needed by {formatIndiaDate(enquiry.neededBy)} · received {formatIndiaDateTime(enquiry.createdAt)} ·{' '}
          {BULK_ENQUIRY_STATUS_LABELS[enquiry.status]}
        </p>
        <p className="mt-2 whitespace-pre-wrap break-words text-stone-800">{enquiry.productsOrBudget}</p>
        <p className="mt-2 text-sm text-stone-700">
          {enquiry.name} ·{' '}
          <a className="font-semibold text-brand-700 underline" href={`tel:+91${enquiry.phone}`}>
            {enquiry.phone}
          </a>{' '}
          ·{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${enquiry.email}`}>
            {enquiry.email}
          </a>
          {enquiry.gstin ? ` · GSTIN ${enquiry.gstin}` : ''}
        </p>
        <Link
          to={`/admin/quotes/new?enquiry=${enquiry.id}&email=${encodeURIComponent(enquiry.email)}`}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          Send a quote
        </Link>
        <form
          className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={handleSubmit((changes) => update.mutate(changes))}
          onFocus={checkEnquiryUpdate.preload}
          noValidate
        >
          <SelectField
            id={`${id}-status`}
            label="Status"
            className="w-full"
            options={STATUS_OPTIONS}
            // The select draws its first option unless told: React sets the chosen one only from this.
            defaultValue={enquiry.status}
            error={errors.status?.message}
            {...register('status')}
          />
          <FormField
            id={`${id}-note`}
            label="Note"
            className="w-full"
            maxLength={1000}
            error={errors.note?.message}
            {...register('note')}
          />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
        {errors.root && (
          <div className="mt-2">
            <ErrorBanner>{errors.root.message}</ErrorBanner>
          </div>
        )}
        {update.error && (
          <div className="mt-2">
            <ErrorBanner>{errorMessage(update.error)}</ErrorBanner>
          </div>
        )}
      </article>
    </li>
  );
}

/** The bulk and corporate enquiries, newest first, worked from new to won or lost. */
export function BulkEnquiriesView() {
  const id = useId();
  const [status, setStatus] = useState<BulkEnquiryStatus | ''>('');
  const [page, setPage] = useState(1);
  const enquiries = useBulkEnquiries({ status: status || undefined, page });
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <SelectField
          id={`${id}-filter`}
          label="Show"
          className="w-full"
          options={[{ value: '', label: 'All enquiries' }, ...STATUS_OPTIONS]}
          value={status}
          onChange={(event) => {
            setStatus(BULK_ENQUIRY_STATUSES.find((option) => option === event.target.value) ?? '');
            setPage(1);
          }}
        />
      </div>
      <QueryState isPending={enquiries.isPending} error={enquiries.error} label="enquiries">
        {enquiries.data && enquiries.data.data.length === 0 ? (
          <EmptyState title="No bulk enquiries yet">
            Enquiries sent from the storefront's bulk orders page appear here.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {enquiries.data?.data.map((enquiry) => (
              <EnquiryCard key={`${enquiry.id}-${enquiry.updatedAt}`} enquiry={enquiry} />
            ))}
          </ul>
        )}
        {enquiries.data && (
          <Pager
            page={enquiries.data.page}
            pageSize={enquiries.data.pageSize}
            total={enquiries.data.total}
            onPage={setPage}
          />
        )}
      </QueryState>
    </div>
  );
}
