import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminReturn } from '../../../shared/api/returns';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { RETURN_KIND_LABELS } from '../../../shared/return-rules';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, Pager, QueryState } from '../../components/admin/admin-ui';
import { useStaffMay } from '../../components/admin/staff-permission';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { PrivateImage } from '../../components/private-image';
import { EmptyState, ErrorBanner } from '../../components/status-message';
import { useAdminReturns, useDecideReturn, useMarkRefundPaid } from './money-api';

// The shared schemas, with Zod, load when a form is first focused or checked (decision 0088).
const loadChecks = () => import('./money-checks');
const checkRefundPaid = checksOnFirstUse(loadChecks, (checks) => checks.checkRefundPaid);
const checkReturnDecision = checksOnFirstUse(loadChecks, (checks) => checks.checkReturnDecision);

const FILTERS = [
  { value: 'requested', label: 'To review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** What an approved return's refund is: made, waiting for the items, owed, or paid by transfer. */
function approvedLine(record: AdminReturn) {
  const amount = formatInr(record.refundAmount);
  if (!record.refundReleasedAt)
    return record.refundMethod === 'provider'
      ? `Approved: ${amount} to refund once the items are received and checked`
      : `Approved: ${amount} to refund by UPI or bank transfer once the items are received and checked`;
  if (record.refundMethod === 'provider') return `Approved: ${amount} refunded`;
  return record.refundPaidAt
    ? `Approved: ${amount} refunded by UPI or bank transfer (reference ${record.refundReference ?? ''})`
    : `Approved: ${amount} to refund by UPI or bank transfer (cash on delivery)`;
}

const PICKUP_STATES: Record<string, string> = {
  booked: 'booked, waiting for the courier',
  picked_up: 'picked up from the customer',
  in_transit: 'on its way back to you',
  delivered: 'delivered back to you',
};

/** Decision 0066: where the reverse pickup is, from the courier's scans. */
const pickupLine = (pickup: NonNullable<AdminReturn['pickup']>) =>
  `Reverse pickup: ${pickup.courier}, AWB ${pickup.awb}, ${PICKUP_STATES[pickup.status ?? 'booked'] ?? pickup.status}`;

/** Decision 0043: the owner records the transfer of a cash on delivery order's refund. */
function MarkRefundPaidForm({ record }: { record: AdminReturn }) {
  const markPaid = useMarkRefundPaid();
  const { register, handleSubmit, formState, watch } = useCheckedForm({
    checks: checkRefundPaid,
    defaultValues: { reference: '' },
  });
  const errors = formState.errors;
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={handleSubmit(({ reference }) => markPaid.mutate({ id: record.id, reference }))}
      onFocus={checkRefundPaid.preload}
      noValidate
    >
      <div className="flex-1">
        <FormField
          label="Transfer or UPI reference"
          className="w-full"
          maxLength={100}
          required
          error={errors.reference?.message}
          {...register('reference')}
        />
      </div>
      <Button type="submit" disabled={markPaid.isPending || watch('reference').trim() === ''}>
        {markPaid.isPending ? 'Saving...' : 'Mark refund paid'}
      </Button>
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {markPaid.error && <ErrorBanner>{errorMessage(markPaid.error)}</ErrorBanner>}
    </form>
  );
}

type Decision = 'approve' | 'reject' | 'received';

/**
 * What the owner is asked before a decision that cannot be taken back, saying truthfully what
 * happens to the money and when (decision 0066: a refund waits for the items unless it is below
 * the owner's amount; a cash on delivery refund goes by UPI or bank transfer, decision 0067).
 */
function decisionQuestion(record: AdminReturn, decision: Decision, refundAtApprovalBelow: number) {
  const amount = formatInr(record.refundAmount);
  const name = record.customerName;
  if (decision === 'reject') {
    return {
      title: `Reject the return of order ${record.orderNumber}?`,
      message: `${name} is told it was not approved, with your note. This cannot be undone.`,
      confirmLabel: 'Reject return',
    };
  }
  const byTransfer = record.refundMethod === 'transfer';
  if (decision === 'received') {
    const money = record.refundReleasedAt
      ? 'The refund was made at approval; nothing more is paid.'
      : byTransfer
        ? `Nothing is paid now: ${name} is asked by message for a UPI ID or bank account on a secure page; you then send ${amount} and record its reference.`
        : `${amount} goes back to ${name}'s original payment now (banks take 5-7 working days to show it).`;
    return {
      title: `Mark the return of order ${record.orderNumber} received and checked?`,
      message: `The items go back into stock. ${money} This cannot be undone.`,
      confirmLabel: 'Mark received',
    };
  }
  const now = record.refundAmount < refundAtApprovalBelow;
  const pickup = `The courier will collect the items from ${name}.`;
  const money = byTransfer
    ? now
      ? `Nothing is paid now: ${name} is asked by message for a UPI ID or bank account on a secure page; you then send ${amount} and record its reference.`
      : `Nothing is paid now: once you mark the items received and checked, ${name} is asked by message for a UPI ID or bank account, and you send ${amount} by transfer.`
    : now
      ? `${amount} goes back to ${name}'s original payment now, as it is below your ${formatInr(refundAtApprovalBelow)} for refunds at approval.`
      : `${amount} goes back to ${name}'s original payment when you mark the items received and checked.`;
  return {
    title: `Approve the return of order ${record.orderNumber}?`,
    message: `${pickup} ${money} This cannot be undone.`,
    confirmLabel: 'Approve return',
  };
}

function ReturnCard({
  record,
  refundAtApprovalBelow,
}: {
  record: AdminReturn;
  refundAtApprovalBelow: number;
}) {
  const decide = useDecideReturn();
  const mayRefund = useStaffMay('refund');
  // The note goes with the decision once it is confirmed, so it is no form of its own: Enter in it
  // must not approve or reject a return.
  const { register, handleSubmit, formState, reset } = useCheckedForm({
    checks: checkReturnDecision,
    defaultValues: { note: '' },
  });
  const errors = formState.errors;
  const [asking, setAsking] = useState<Decision | null>(null);
  return (
    <li className="space-y-2 p-3" aria-label={`Return of order ${record.orderNumber}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/admin/orders/${record.orderId}`} className="font-semibold text-brand-700 hover:underline">
          Order {record.orderNumber}
        </Link>
        <span className="text-sm text-stone-600">{formatIndiaDateTime(record.createdAt)}</span>
      </div>
      <p className="text-sm text-stone-700">
        {record.customerName} ({record.customerEmail})
      </p>
      <p className="text-sm">{record.items.map((item) => `${item.quantity} x ${item.name}`).join(', ')}</p>
      <p className="text-sm font-semibold text-stone-800">{RETURN_KIND_LABELS[record.kind]}</p>
      <p className="whitespace-pre-line text-sm text-stone-800">Reason: {record.reason}</p>
      {record.deliveryRefund > 0 && (
        <p className="text-sm text-stone-700">
          The refund includes the delivery charges of {formatInr(record.deliveryRefund)}: the customer says
          the fault was ours.
        </p>
      )}
      {record.photoIds.length > 0 && (
        <div className="flex gap-2">
          {record.photoIds.map((photoId, index) => (
            <PrivateImage
              key={photoId}
              path={`/returns/${record.id}/photos/${photoId}`}
              alt={`Photo ${index + 1} of the return`}
              className="h-24 w-24 rounded-lg object-cover"
            />
          ))}
        </div>
      )}
      <p className="text-sm font-semibold">
        {record.status === 'requested'
          ? `Refund if approved: ${formatInr(record.refundAmount)}`
          : record.status === 'approved'
            ? approvedLine(record)
            : `Rejected${record.decisionNote ? `: ${record.decisionNote}` : ''}`}
      </p>
      {record.pickup && <p className="text-sm text-stone-700">{pickupLine(record.pickup)}</p>}
      {record.receivedAt && (
        <p className="text-sm text-stone-700">
          Received and checked {formatIndiaDateTime(record.receivedAt)}
        </p>
      )}
      {record.status === 'approved' && record.refundMethod === 'transfer' && !record.refundPaidAt && (
        <p className="text-sm text-stone-700">
          {record.payee
            ? `Send the refund to: ${record.payee}`
            : record.refundReleasedAt
              ? `Waiting for ${record.customerName} to give a UPI ID or bank account (asked by message)`
              : `${record.customerName} is asked for a UPI ID or bank account once the items are received`}
        </p>
      )}
      {record.status === 'requested' && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <FormField
              label="Note for the customer (optional)"
              onFocus={checkReturnDecision.preload}
              className="w-full"
              maxLength={500}
              error={errors.note?.message}
              {...register('note')}
            />
          </div>
          {mayRefund && (
            <Button disabled={decide.isPending} onClick={() => setAsking('approve')}>
              Approve return
            </Button>
          )}
          <Button variant="secondary" disabled={decide.isPending} onClick={() => setAsking('reject')}>
            Reject
          </Button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          isOpen
          {...decisionQuestion(record, asking, refundAtApprovalBelow)}
          onConfirm={() => {
            setAsking(null);
            void handleSubmit(({ note }) => {
              decide.mutate({ id: record.id, decision: asking, note });
              // The note was for this decision; the next one (received) starts without it.
              reset({ note: '' });
            })();
          }}
          onCancel={() => setAsking(null)}
        />
      )}
      {record.status === 'approved' && !record.receivedAt && mayRefund && (
        <Button disabled={decide.isPending} onClick={() => setAsking('received')}>
          Mark received and checked
        </Button>
      )}
      {record.status === 'approved' &&
        record.refundMethod === 'transfer' &&
        record.refundReleasedAt &&
        !record.refundPaidAt &&
        mayRefund && <MarkRefundPaidForm record={record} />}
      {!mayRefund &&
        (record.status === 'requested' || (record.status === 'approved' && !record.receivedAt)) && (
          <p className="text-sm text-stone-700">The owner or accounts approve and refund returns.</p>
        )}
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {decide.error && <ErrorBanner>{errorMessage(decide.error)}</ErrorBanner>}
    </li>
  );
}

/**
 * Return requests to review. Approval books the courier's reverse pickup; the refund is
 * made when the items are marked received (decision 0066), and a cash on delivery order's is owed
 * by transfer until marked paid (decisions 0043 and 0067).
 */
export function ReturnsView() {
  const [status, setStatus] = useState('requested');
  const [page, setPage] = useState(1);
  const returns = useAdminReturns(status, page);
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show returns</legend>
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            variant={filter.value === status ? 'primary' : 'secondary'}
            aria-pressed={filter.value === status}
            onClick={() => {
              setStatus(filter.value);
              setPage(1);
            }}
          >
            {filter.label}
          </Button>
        ))}
      </fieldset>
      <QueryState isPending={returns.isPending} error={returns.error} label="returns">
        {returns.data?.data.length === 0 ? (
          <EmptyState title="No returns here" />
        ) : (
          <ul
            aria-label="Returns"
            className="divide-y divide-stone-100 rounded-xl border border-brand-100 bg-white"
          >
            {returns.data?.data.map((record) => (
              <ReturnCard
                key={record.id}
                record={record}
                refundAtApprovalBelow={returns.data?.refundAtApprovalBelow ?? 0}
              />
            ))}
          </ul>
        )}
        {returns.data && (
          <Pager page={page} pageSize={returns.data.pageSize} total={returns.data.total} onPage={setPage} />
        )}
      </QueryState>
    </div>
  );
}
