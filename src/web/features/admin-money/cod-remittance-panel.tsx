import { useId } from 'react';
import { formatInr } from '../../../shared/money';
import { errorMessage } from '../../components/admin/admin-ui';
import { FilePicker } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { useImportCodRemittance } from './money-api';

/**
 * Decision 0067: the courier's COD remittance report (its CSV export: AWB, COD amount, UTR,
 * remittance date), matched by AWB to the orders whose cash it collected; what it has not remitted
 * is listed, overdue first.
 */
export function CodRemittancePanel() {
  const id = useId();
  const importer = useImportCodRemittance();
  const report = importer.data;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-brand-100 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        COD remittances from the courier
      </h2>
      <p className="text-sm text-stone-700">
        Upload the courier's COD remittance report (CSV with the AWB, COD amount, UTR and remittance date).
        Each line is matched to its order by AWB; a report uploaded twice changes nothing.
      </p>
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-semibold text-stone-800">
          Remittance report (CSV)
        </label>
        <FilePicker
          id={`${id}-file`}
          accept=".csv,text/csv"
          className="mt-1"
          disabled={importer.isPending}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            event.target.value = '';
            if (picked) void picked.text().then((text) => importer.mutate(text));
          }}
        />
      </div>
      {importer.isPending && <p role="status">Matching the report…</p>}
      {importer.error && <ErrorBanner>{errorMessage(importer.error)}</ErrorBanner>}
      {report && (
        <div role="status" className="space-y-2 text-sm">
          <p className="font-semibold text-stone-900">
            {report.remitted.length} {report.remitted.length === 1 ? 'order' : 'orders'} marked remitted.
            {report.unknownAwbs.length > 0 &&
              ` ${report.unknownAwbs.length} AWB not ours: ${report.unknownAwbs.join(', ')}.`}
          </p>
          {report.stillWithCourier.length === 0 ? (
            <p className="text-stone-800">No cash is left with the courier.</p>
          ) : (
            <ul aria-label="Cash still with the courier" className="divide-y divide-stone-100">
              {report.stillWithCourier.map((row) => (
                <li key={row.orderId} className={row.state === 'overdue' ? 'text-red-700' : 'text-stone-800'}>
                  Order {row.orderNumber} (AWB {row.awb ?? '—'}): {formatInr(row.amount)} collected{' '}
                  {row.collectedOn},{' '}
                  {row.state === 'overdue' ? `overdue since ${row.dueBy}` : `due by ${row.dueBy}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
