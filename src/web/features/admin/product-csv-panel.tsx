import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { FilePicker } from '../../components/file-picker';
import { ErrorBanner } from '../../components/status-message';
import { downloadProductsCsv, errorMessage, useImportProducts } from './admin-api';

/** Export every product as CSV, and import one back (new rows have no id) with a per-row report. */
export function ProductCsvPanel() {
  const id = useId();
  const importer = useImportProducts();
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const report = importer.data;
  return (
    <details className="rounded-xl border border-brand-100 bg-white p-4">
      <summary className="cursor-pointer font-bold text-stone-900">Import or export CSV</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-stone-600">
          Columns: id, name, description, price, mrp, category, tags (separated by |), stock, allowPreOrder,
          minQuantity, featured, archived, personalisation (as exported, empty for none), quantityTiers
          (pieces:percent off, separated by |, e.g. 10:5|50:10; empty for none). Leave id empty to add a
          product; with an id, only the columns in the file change.
        </p>
        <Button
          variant="secondary"
          disabled={exporting}
          onClick={() => {
            setExporting(true);
            setExportError(null);
            downloadProductsCsv()
              .catch(setExportError)
              .finally(() => setExporting(false));
          }}
        >
          Export products CSV
        </Button>
        {exportError ? <ErrorBanner>{errorMessage(exportError)}</ErrorBanner> : null}
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-semibold text-stone-800">
            Import products CSV
          </label>
          <FilePicker
            id={`${id}-file`}
            accept=".csv,text/csv"
            className="mt-1"
            disabled={importer.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) importer.mutate(file);
            }}
          />
        </div>
        {importer.isPending && <p role="status">Importing…</p>}
        {importer.error && <ErrorBanner>{errorMessage(importer.error)}</ErrorBanner>}
        {report && (
          <div role="status" className="text-sm">
            <p className="font-semibold text-green-800">
              {report.created} created, {report.updated} updated, {report.errors.length} with errors
            </p>
            {report.errors.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-red-700">
                {report.errors.map((error) => (
                  <li key={error.row}>
                    Row {error.row}: {error.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </details>
  );
}
