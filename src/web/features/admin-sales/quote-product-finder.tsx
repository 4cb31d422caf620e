import { useDeferredValue, useId, useState } from 'react';
import type { AdminProduct } from '../../../shared/api/admin';
import { formatInr } from '../../../shared/money';
import { useAdminProducts } from '../../api/admin-catalog';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner, Spinner } from '../../components/status-message';

// One letter matches half the catalogue; two narrow it to something worth reading.
const MIN_SEARCH_LENGTH = 2;

/**
 * Finds a product for a quote by its name (or its ID, as the Products page searches), so the owner
 * need not look up its ID first. Archived products cannot be quoted and are not offered.
 */
export function QuoteProductFinder({ onPick }: { onPick(product: AdminProduct): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const searching = search.length >= MIN_SEARCH_LENGTH;
  const found = useAdminProducts({ q: search, archived: 'false', page: 1 }, searching);

  return (
    <div className="flex flex-col gap-2">
      {/* A search as the owner types, not a form of its own: the matches update with each letter. */}
      <FormField
        id={`${id}-search`}
        label="Find a product by name"
        type="search"
        className="w-full"
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Enter here must not send the quote around it.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {!searching ? null : found.isPending ? (
        <Spinner label="Searching products" />
      ) : found.error ? (
        <ErrorBanner>{errorMessage(found.error)}</ErrorBanner>
      ) : found.data.data.length === 0 ? (
        <p className="text-sm text-stone-600">No products match '{search}'.</p>
      ) : (
        <ul
          aria-label="Matching products"
          className="divide-y divide-brand-100 rounded-lg border border-brand-100"
        >
          {found.data.data.slice(0, 8).map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-2 p-2 text-sm">
              <span className="min-w-0">
                <span className="font-semibold text-stone-900">{product.name}</span>
                <span className="text-stone-600">
                  {' '}
                  · ID {product.id} · {formatInr(product.price)} · {product.stock} in stock
                </span>
              </span>
              <Button
                variant="secondary"
                aria-label={`Add ${product.name} to the quote`}
                onClick={() => {
                  onPick(product);
                  // Ready for the next product.
                  setText('');
                }}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
