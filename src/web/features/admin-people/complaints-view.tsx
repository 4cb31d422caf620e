import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AdminComplaint } from '../../../shared/api/complaints';
import {
  ACKNOWLEDGE_WITHIN_HOURS,
  COMPLAINT_NOTE_MAX,
  COMPLAINT_STATE_LABELS,
  COMPLAINT_STATES,
  type ComplaintState,
} from '../../../shared/complaint-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, Pager, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { SelectField, TextAreaField } from '../../components/form-field';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminComplaints, useDecideComplaint } from './complaints-api';

// The shared schemas, with Zod, load when a form is first focused or checked (decision 0088).
const loadChecks = () => import('./people-checks');
const checkAcknowledgement = checksOnFirstUse(loadChecks, (checks) => checks.checkAcknowledgement);
const checkResolution = checksOnFirstUse(loadChecks, (checks) => checks.checkResolution);

const STATE_OPTIONS = COMPLAINT_STATES.map((state) => ({
  value: state,
  label: COMPLAINT_STATE_LABELS[state],
}));

/** Where a complaint is against its two clocks (E-Commerce Rules 2020, rule 4(5)). */
function ClockLine({ complaint }: { complaint: AdminComplaint }) {
  const late = 'font-bold text-red-700';
  if (complaint.resolvedAt)
    return <p className="text-sm text-green-800">Resolved {formatIndiaDateTime(complaint.resolvedAt)}</p>;
  return (
    <ul className="text-sm">
      <li className={complaint.acknowledgeOverdue ? late : 'text-stone-700'}>
        {complaint.acknowledgedAt
          ? `Acknowledged ${formatIndiaDateTime(complaint.acknowledgedAt)}`
          : `${complaint.acknowledgeOverdue ? 'Overdue: acknowledge' : 'Acknowledge'} by ${formatIndiaDateTime(complaint.acknowledgeBy)}`}
      </li>
      <li className={complaint.resolveOverdue ? late : 'text-stone-700'}>
        {complaint.resolveOverdue ? 'Overdue: resolve' : 'Resolve'} by{' '}
        {formatIndiaDateTime(complaint.resolveBy)}
      </li>
    </ul>
  );
}

function DecideForm({ complaint, step }: { complaint: AdminComplaint; step: 'acknowledge' | 'resolve' }) {
  const decide = useDecideComplaint(complaint.id, step);
  const checks = step === 'acknowledge' ? checkAcknowledgement : checkResolution;
  const { register, handleSubmit, formState } = useCheckedForm({ checks, defaultValues: { note: '' } });
  const errors = formState.errors;
  const submit = handleSubmit((decision) => decide.mutate(decision));
  const label =
    step === 'acknowledge'
      ? 'Acknowledgement note (optional, mailed to the customer)'
      : 'Resolution (mailed to the customer)';
  return (
    <form onSubmit={submit} onFocus={checks.preload} noValidate className="flex flex-col gap-2">
      <TextAreaField
        label={label}
        rows={2}
        maxLength={COMPLAINT_NOTE_MAX}
        required={step === 'resolve'}
        error={errors.note?.message}
        {...register('note')}
      />
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {decide.error && <ErrorBanner>{errorMessage(decide.error)}</ErrorBanner>}
      <Button
        type="submit"
        variant={step === 'resolve' ? 'primary' : 'secondary'}
        disabled={decide.isPending}
        className="sm:self-start"
      >
        {decide.isPending
          ? 'Saving…'
          : step === 'acknowledge'
            ? `Acknowledge ${complaint.ticket}`
            : `Resolve ${complaint.ticket}`}
      </Button>
    </form>
  );
}

function ComplaintCard({ complaint }: { complaint: AdminComplaint }) {
  const id = useId();
  const contact = 'font-semibold text-brand-700 underline';
  return (
    <li className="rounded-xl border border-brand-100 bg-white p-4">
      <article aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
        <h2 id={`${id}-title`} className="font-bold text-stone-900">
          {complaint.ticket} · {complaint.subject}
        </h2>
        <p className="text-sm text-stone-600">
          Received {formatIndiaDateTime(complaint.receivedAt)}
          {complaint.orderNumber && (
            <>
              {' · order '}
              {complaint.orderId ? (
                <Link to={`/admin/orders/${complaint.orderId}`} className={contact}>
                  {complaint.orderNumber}
                </Link>
              ) : (
                `${complaint.orderNumber} (no such order)`
              )}
            </>
          )}
          {complaint.userId === null ? ' · guest' : ''}
        </p>
        <ClockLine complaint={complaint} />
        <p className="whitespace-pre-wrap break-words text-stone-800">{complaint.details}</p>
        <p className="flex flex-wrap gap-x-2 text-sm text-stone-700">
          {complaint.name && <span>{complaint.name}</span>}
          {complaint.email && (
            <a className={`break-all ${contact}`} href={`mailto:${complaint.email}`}>
              {complaint.email}
            </a>
          )}
          {complaint.phone && (
            <a className={contact} href={`tel:+91${complaint.phone}`}>
              {complaint.phone}
            </a>
          )}
        </p>
        {complaint.acknowledgementNote && (
          <p className="text-sm text-stone-700">Acknowledgement: {complaint.acknowledgementNote}</p>
        )}
        {complaint.resolution && (
          <p className="whitespace-pre-wrap break-words text-sm text-stone-800">
            Resolution: {complaint.resolution}
          </p>
        )}
        {!complaint.acknowledgedAt && <DecideForm complaint={complaint} step="acknowledge" />}
        {!complaint.resolvedAt && <DecideForm complaint={complaint} step="resolve" />}
      </article>
    </li>
  );
}

/**
 * Decision 0061: the complaints from the Contact page, open ones oldest first, each with the
 * E-Commerce Rules' clocks: acknowledge within 48 hours, resolve within a month of receipt.
 */
export function ComplaintsView() {
  const id = useId();
  const [state, setState] = useState<ComplaintState>('open');
  const [page, setPage] = useState(1);
  const complaints = useAdminComplaints({ state, page });
  const overdue = complaints.data?.overdue ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        Acknowledge each complaint within {ACKNOWLEDGE_WITHIN_HOURS} hours and resolve it within one month of
        receiving it (Consumer Protection (E-Commerce) Rules, 2020, rule 4(5)). The customer is mailed at each
        step when they gave an e-mail.
      </p>
      {overdue > 0 && (
        <p
          role="status"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
        >
          {overdue === 1 ? '1 complaint is overdue' : `${overdue} complaints are overdue`}
        </p>
      )}
      <div className="max-w-xs">
        <SelectField
          id={`${id}-state`}
          label="Show"
          className="w-full"
          options={STATE_OPTIONS}
          value={state}
          onChange={(event) => {
            const chosen = COMPLAINT_STATES.find((option) => option === event.target.value);
            if (chosen) setState(chosen);
            setPage(1);
          }}
        />
      </div>
      <QueryState isPending={complaints.isPending} error={complaints.error} label="complaints">
        {complaints.data && complaints.data.data.length === 0 ? (
          <EmptyState
            title={
              state === 'all'
                ? 'No complaints yet'
                : `No ${COMPLAINT_STATE_LABELS[state].toLowerCase()} complaints`
            }
          >
            Complaints sent from the Contact page appear here.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {complaints.data?.data.map((complaint) => (
              <ComplaintCard
                key={`${complaint.id}-${complaint.acknowledgedAt}-${complaint.resolvedAt}`}
                complaint={complaint}
              />
            ))}
          </ul>
        )}
        {complaints.data && (
          <Pager
            page={complaints.data.page}
            pageSize={complaints.data.pageSize}
            total={complaints.data.total}
            onPage={setPage}
          />
        )}
      </QueryState>
    </div>
  );
}
