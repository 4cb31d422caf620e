import { type ReactNode, useId } from 'react';
import type { BulkStatusResponse, OrderSelection } from '../../../shared/api/admin-bulk';
import { BULK_STATUSES, type BulkStatus, MAX_BULK_ORDERS } from '../../../shared/bulk-orders';
import { orderStatusLabel } from '../../../shared/order-status';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { SelectField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import type { PdfProgress } from './bulk-api';
import { useBulkStatus } from './bulk-api';

const checkBulkStatus = checksOnFirstUse(
  () => import('./bulk-status-checks'),
  (checks) => checks.checkBulkStatus,
);

const STATUS_OPTIONS = BULK_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) }));
const FIRST_MOVE: BulkStatus = 'packed';

const ordersText = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'order' : 'orders'}`;

/** What became of a bulk status change: how many moved, and why each other order did not. */
export function BulkResults({ result }: { result: BulkStatusResponse }) {
  const refused = result.results.filter((row) => !row.moved);
  return (
    <div role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <p className="font-semibold text-stone-900">
        Moved {ordersText(result.moved)} to {orderStatusLabel(result.status)}
        {refused.length > 0 ? `; ${ordersText(refused.length)} did not move:` : '.'}
      </p>
      {refused.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-stone-800">
          {refused.map((row) => (
            <li key={row.orderId}>
              {row.orderNumber ? `Order ${row.orderNumber}` : `Order ${row.orderId}`}: {row.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PdfProgressText({ progress }: { progress: PdfProgress }) {
  if (progress.phase === 'preparing') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
        <progress aria-label="Preparing the PDF" className="h-2 w-24" /> Preparing the PDF…
      </p>
    );
  }
  const percent = progress.total > 0 ? Math.round((progress.received / progress.total) * 100) : 0;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
      <progress aria-label="Downloading the PDF" max={100} value={percent} className="h-2 w-24" /> Downloading
      the PDF… {percent}%
    </p>
  );
}

/**
 * The bar of actions on the chosen orders: move them forward together, and whatever
 * `children` add (the dispatch desk's jobs: book the courier, print slips or labels).
 */
export function BulkActionBar({
  selection,
  count,
  onClear,
  children,
}: {
  selection: OrderSelection;
  count: number;
  onClear(): void;
  children?: ReactNode;
}) {
  const id = useId();
  const move = useBulkStatus();
  const { register, handleSubmit, watch, formState } = useCheckedForm({
    checks: checkBulkStatus,
    defaultValues: { status: FIRST_MOVE },
  });
  const errors = formState.errors;
  const status = watch('status');
  const markChosen = handleSubmit((checked) =>
    move.mutate({ ...selection, status: checked.status, note: '' }),
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border-2 border-brand-200 bg-white p-3 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-bold text-stone-900">
          {ordersText(count)} chosen
        </h2>
        <Button variant="secondary" onClick={onClear}>
          Clear the choice
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {/* The bar's other actions (children) are buttons of their own, beside the form, not in it. */}
        <form
          onSubmit={markChosen}
          onFocus={checkBulkStatus.preload}
          noValidate
          className="flex flex-wrap items-end gap-2"
        >
          <SelectField
            label="Move to"
            options={STATUS_OPTIONS}
            // The select draws its first option unless told: React sets the chosen one only from this.
            defaultValue={FIRST_MOVE}
            error={errors.status?.message}
            {...register('status')}
          />
          <Button
            type="submit"
            disabled={move.isPending || formState.isSubmitting || count > MAX_BULK_ORDERS}
          >
            {move.isPending ? 'Moving…' : `Mark ${ordersText(count)} as ${orderStatusLabel(status)}`}
          </Button>
        </form>
        {children}
      </div>
      {count > MAX_BULK_ORDERS && (
        <p className="text-sm text-stone-600">
          A status change moves at most {MAX_BULK_ORDERS} orders at once; narrow the filter to move them.
        </p>
      )}
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {move.error && <ErrorBanner>{errorMessage(move.error)}</ErrorBanner>}
      {move.data && <BulkResults result={move.data} />}
    </section>
  );
}
