import { useState } from 'react';
import { formatInr } from '../../../shared/money';
import { errorMessage } from '../../components/admin/admin-ui';
import { downloadCreditNote, useCreditNotes } from './orders-api';

/** The order's GST credit notes (one per refund of its invoice), each downloadable as a PDF. */
export function CreditNotes({ orderId }: { orderId: string }) {
  const notes = useCreditNotes(orderId);
  const [error, setError] = useState<string | null>(null);
  if (notes.isPending) return <p className="mt-1 text-sm text-stone-600">Loading credit notes…</p>;
  if (notes.error) return <p className="mt-1 text-sm text-red-700">{errorMessage(notes.error)}</p>;
  if (notes.data.data.length === 0) return null;
  return (
    <div className="mt-1 text-sm">
      <ul>
        {notes.data.data.map((note) => (
          <li key={note.id}>
            Credit note {note.number} · {formatInr(note.total)}{' '}
            <button
              type="button"
              className="min-h-11 font-semibold text-brand-700 hover:underline"
              onClick={() => {
                setError(null);
                downloadCreditNote(note.id, note.number).catch((failure: unknown) =>
                  setError(errorMessage(failure)),
                );
              }}
            >
              Download credit note {note.number}
            </button>
          </li>
        ))}
      </ul>
      {error && <span className="block text-red-700">{error}</span>}
    </div>
  );
}
