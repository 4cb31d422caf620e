import { useId, useState } from 'react';
import type { ImportPreview } from '../../../shared/api/admin';
import { PRODUCT_CSV_COLUMN_HELP } from '../../../shared/product-csv-columns';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FilePicker } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { downloadProductsCsv, useImportProducts, usePreviewProductImport } from './catalog-api';

const ACTION_WORDS: Record<ImportPreview['rows'][number]['action'], string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** What the file would do, row by row, and its counts. */
function PreviewRows({ preview }: { preview: ImportPreview }) {
  const { counts } = preview;
  return (
    <div className="space-y-2 text-sm">
      <p role="status" className="font-semibold text-stone-900">
        {counts.new} new, {counts.changed} changed, {counts.unchanged} unchanged, {counts.error} with errors.
        Nothing is applied until you press Apply.
      </p>
      <ul
        aria-label="Rows of the file"
        className="max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200"
      >
        {preview.rows.map((row) => (
          <li
            key={row.row}
            className={`p-2 break-words ${row.action === 'error' ? 'text-red-700' : 'text-stone-800'}`}
          >
            <span className="font-semibold">
              Row {row.row}: {ACTION_WORDS[row.action]}
            </span>
            {row.name && ` · ${row.name}`}
            {row.productId !== null && ` (product ${row.productId})`}
            {row.action === 'changed' && ` · ${row.changes.join(', ')}`}
            {row.action === 'error' && ` · ${row.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Export every product as CSV, and import one back: the file is previewed row by row (new,
 * changed, unchanged or error) and applied only when the owner presses Apply (decision 0077).
 */
export function ProductCsvPanel() {
  const id = useId();
  const preview = usePreviewProductImport();
  const importer = useImportProducts();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const report = importer.data;
  const changes = preview.data ? preview.data.counts.new + preview.data.counts.changed : 0;
  const cancel = () => {
    setFile(null);
    preview.reset();
  };
  return (
    <details className="rounded-xl border border-brand-100 bg-white p-4">
      <summary className="cursor-pointer font-bold text-stone-900">Import or export CSV</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-stone-700">
          The export has these columns, and the import reads them back by name. Leave id empty to add a
          product; with an id, only the columns in the file change.
        </p>
        <dl aria-label="CSV columns" className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(PRODUCT_CSV_COLUMN_HELP).map(([column, help]) => (
            <div key={column} className="contents">
              <dt className="font-mono font-semibold text-stone-900">{column}</dt>
              <dd className="text-stone-700">{help}</dd>
            </div>
          ))}
        </dl>
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
            disabled={preview.isPending || importer.isPending}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (!picked) return;
              importer.reset();
              void picked.text().then((text) => {
                setFile({ name: picked.name, text });
                preview.mutate(text);
              });
            }}
          />
        </div>
        {preview.isPending && <p role="status">Reading {file?.name ?? 'the file'}…</p>}
        {preview.error && <ErrorBanner>{errorMessage(preview.error)}</ErrorBanner>}
        {preview.data && file && !report && (
          <>
            <PreviewRows preview={preview.data} />
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={importer.isPending || changes === 0}
                onClick={() => importer.mutate(file.text)}
              >
                {importer.isPending
                  ? 'Applying…'
                  : `Apply ${changes} ${changes === 1 ? 'change' : 'changes'}`}
              </Button>
              <Button variant="secondary" disabled={importer.isPending} onClick={cancel}>
                Cancel
              </Button>
            </div>
          </>
        )}
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
