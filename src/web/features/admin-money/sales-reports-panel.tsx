import { useId, useState } from 'react';
import type { SalesReport } from '../../../shared/api/admin-reports';
import { SALES_REPORT_KINDS, SALES_REPORTS } from '../../../shared/api/admin-reports-rules';
import { indiaDateOf } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField, SelectField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { downloadSalesReport, type ReportRequest, useSalesReport } from './reports-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkSalesReport = checksOnFirstUse(
  () => import('./money-checks'),
  (checks) => checks.checkSalesReport,
);

const REPORT_OPTIONS = SALES_REPORT_KINDS.map((kind) => ({ value: kind, label: SALES_REPORTS[kind] }));

const cellText = (cell: string | number | null, kind: string) =>
  cell === null ? '' : kind === 'money' && typeof cell === 'number' ? formatInr(cell) : String(cell);

const alignOf = (kind: string) => (kind === 'text' ? 'text-left' : 'text-right tabular-nums');

function ReportRow({
  report,
  cells,
  className,
}: {
  report: SalesReport;
  cells: readonly (string | number | null)[];
  className: string;
}) {
  return (
    <tr className={className}>
      {cells.map((cell, index) => {
        const kind = report.columns[index]?.kind ?? 'text';
        return (
          <td
            key={report.columns[index]?.label ?? index}
            className={`whitespace-nowrap px-2 py-1 ${alignOf(kind)}`}
          >
            {cellText(cell, kind)}
          </td>
        );
      })}
    </tr>
  );
}

/** One report as a table: figures right-aligned and never broken (decision 0076). */
export function ReportTable({ report }: { report: SalesReport }) {
  if (report.rows.length === 0) {
    return (
      <p className="mt-3 text-sm text-stone-700">
        Nothing in {report.title.toLowerCase()} from {report.from} to {report.to}.
      </p>
    );
  }
  return (
    // A narrow screen scrolls the table, not the page; the region takes focus so a keyboard can too.
    <section
      aria-label={`${report.title}, ${report.from} to ${report.to}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="mt-3 overflow-x-auto"
    >
      <table className="min-w-full text-sm">
        <caption className="sr-only">
          {report.title}, {report.from} to {report.to}
        </caption>
        <thead>
          <tr className="border-b border-stone-200">
            {report.columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`whitespace-nowrap px-2 py-1 font-semibold ${alignOf(column.kind)}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row, rowIndex) => (
            // Rows have no id of their own; their order is the report's.
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are replaced whole, never reordered
            <ReportRow key={rowIndex} report={report} cells={row} className="border-b border-stone-100" />
          ))}
        </tbody>
        <tfoot>
          <ReportRow report={report} cells={report.totals} className="font-bold" />
        </tfoot>
      </table>
    </section>
  );
}

/**
 * Decision 0076: sales by day, product and category, refunds and COD cash for any range of
 * India-time days (this month so far to begin with), on screen and as CSV.
 */
export function SalesReportsPanel() {
  const id = useId();
  const today = indiaDateOf(new Date());
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkSalesReport,
    defaultValues: { report: 'sales-by-day', from: `${today.slice(0, 8)}01`, to: today },
  });
  const errors = formState.errors;
  const [shown, setShown] = useState<ReportRequest | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = useSalesReport(shown);

  const download = async (request: ReportRequest) => {
    setDownloadError(null);
    try {
      await downloadSalesReport(request);
    } catch (failure) {
      setDownloadError(errorMessage(failure));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Sales, refunds and COD
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        A sale counts on the India day its money came in; refunds on the day the money went back.
      </p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        onSubmit={handleSubmit(setShown)}
        onFocus={checkSalesReport.preload}
        noValidate
      >
        <SelectField
          id={`${id}-report`}
          label="Report"
          options={REPORT_OPTIONS}
          error={errors.report?.message}
          {...register('report')}
        />
        <FormField
          id={`${id}-from`}
          label="From"
          type="date"
          error={errors.from?.message}
          {...register('from')}
        />
        <FormField id={`${id}-to`} label="To" type="date" error={errors.to?.message} {...register('to')} />
        <Button type="submit">Show report</Button>
      </form>
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {shown && (
        <QueryState isPending={query.isPending} error={query.error} label="the report">
          {query.data && (
            <>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-stone-900">
                  {query.data.title}, {query.data.from} to {query.data.to}
                </h3>
                <Button variant="secondary" onClick={() => void download(shown)}>
                  Download CSV
                </Button>
              </div>
              {downloadError && <ErrorBanner>{downloadError}</ErrorBanner>}
              <ReportTable report={query.data} />
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
