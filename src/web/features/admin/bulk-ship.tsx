import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type BulkShipResponse, MAX_BULK_SHIPMENTS } from '../../../shared/api/shipping';
import { apiRequest } from '../../api/client';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { errorMessage } from './admin-api';
import { PdfProgressText } from './bulk-actions';
import { downloadPdf, type OrderSelection, type PdfProgress } from './bulk-api';

// Issue 24 with issue 26's bulk work: book the courier for the chosen orders from the order list,
// see each one's AWB or why it did not ship, and print all their labels as one PDF.

type ShipResult = BulkShipResponse['results'][number];

// Ticked orders go to the courier a few at a time, so the owner sees how far it has got and no
// request waits on a hundred courier calls; "all matching the filter" goes in one request (the
// server resolves and bounds the filter), with a bar that only says it is working.
const SHIP_CHUNK = 10;

const ordersText = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'order' : 'orders'}`;

async function shipSelection(selection: OrderSelection): Promise<ShipResult[]> {
  const answer = await apiRequest<BulkShipResponse>('/admin/shipments', { method: 'POST', body: selection });
  return answer.results;
}

function ShipResults({ results }: { results: readonly ShipResult[] }) {
  const shipped = results.filter((result) => result.shipment !== null).length;
  const refused = results.length - shipped;
  return (
    <div role="status" className="basis-full rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <p className="font-semibold text-stone-900">
        Shipped {ordersText(shipped)}
        {refused > 0 ? `; ${ordersText(refused)} did not ship.` : '.'}
      </p>
      <ul aria-label="Shipments booked" className="mt-1 list-disc pl-5 text-stone-800">
        {results.map((result) => (
          <li key={result.orderId}>
            Order {result.orderNumber || result.orderId}:{' '}
            {result.shipment ? (
              <>
                AWB <span className="font-mono">{result.shipment.awb}</span> with {result.shipment.courier}
              </>
            ) : (
              result.error
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BulkShipActions({ selection, count }: { selection: OrderSelection; count: number }) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<ShipResult[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [labels, setLabels] = useState<{
    progress: PdfProgress | null;
    note: string | null;
    error: string | null;
  }>({ progress: null, note: null, error: null });
  const tooMany = count > MAX_BULK_SHIPMENTS;
  const shipping = progress !== null;

  const ship = async () => {
    setError(null);
    setResults([]);
    const batches = selection.orderIds
      ? Array.from({ length: Math.ceil(selection.orderIds.length / SHIP_CHUNK) }, (_, index) => ({
          orderIds: selection.orderIds!.slice(index * SHIP_CHUNK, (index + 1) * SHIP_CHUNK),
        }))
      : [selection];
    const total = selection.orderIds?.length ?? count;
    let done: ShipResult[] = [];
    setProgress({ done: 0, total });
    try {
      for (const batch of batches) {
        done = [...done, ...(await shipSelection(batch))];
        setResults(done);
        setProgress({ done: done.length, total });
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setProgress(null);
      void client.invalidateQueries({ queryKey: ['admin'] });
    }
  };

  const printLabels = () => {
    setLabels({ progress: { phase: 'preparing' }, note: null, error: null });
    downloadPdf('/admin/shipments/labels.pdf', selection, 'labels.pdf', (next) =>
      setLabels({ progress: next, note: null, error: null }),
    )
      .then((headers) => {
        const missing = headers.get('x-labels-missing');
        setLabels({
          progress: null,
          note: missing ? `No label yet (not shipped): ${missing.split(',').join(', ')}` : null,
          error: null,
        });
      })
      .catch((failure: unknown) => setLabels({ progress: null, note: null, error: errorMessage(failure) }));
  };

  return (
    <>
      <Button disabled={shipping || tooMany} onClick={() => void ship()}>
        {shipping ? 'Shipping…' : `Ship ${ordersText(count)}`}
      </Button>
      <Button variant="secondary" disabled={labels.progress !== null || tooMany} onClick={printLabels}>
        Print labels (PDF)
      </Button>
      {tooMany && (
        <p className="basis-full text-sm text-stone-600">
          At most {MAX_BULK_SHIPMENTS} orders ship or print labels at once; choose fewer.
        </p>
      )}
      {progress && (
        <p role="status" className="flex basis-full items-center gap-2 text-sm text-stone-700">
          {selection.orderIds ? (
            <progress
              aria-label="Booking shipments"
              max={progress.total}
              value={progress.done}
              className="h-2 w-24"
            />
          ) : (
            <progress aria-label="Booking shipments" className="h-2 w-24" />
          )}
          Booking the courier: {progress.done} of {ordersText(progress.total)}…
        </p>
      )}
      {labels.progress && (
        <div className="basis-full">
          <PdfProgressText progress={labels.progress} />
        </div>
      )}
      {labels.note && <p className="basis-full text-sm text-stone-700">{labels.note}</p>}
      {(error ?? labels.error) && (
        <div className="basis-full">
          <ErrorBanner>{error ?? labels.error}</ErrorBanner>
        </div>
      )}
      {results.length > 0 && <ShipResults results={results} />}
    </>
  );
}
