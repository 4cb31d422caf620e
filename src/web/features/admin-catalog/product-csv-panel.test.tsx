import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportReport } from '../../../shared/api/admin';
import { PRODUCT_CSV_COLUMNS } from '../../../shared/product-csv-columns';
import { ProductCsvPanel } from './product-csv-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const preview: ImportPreview = {
  rows: [
    { row: 2, action: 'changed', productId: 7, name: 'Brass Diya 1', changes: ['price'], message: '' },
    { row: 3, action: 'new', productId: null, name: 'Jute Potli Bag', changes: [], message: '' },
    { row: 4, action: 'error', productId: null, name: '', changes: [], message: 'price: Enter a number' },
  ],
  counts: { new: 1, changed: 1, unchanged: 0, error: 1 },
};
const report: ImportReport = {
  created: 1,
  updated: 1,
  errors: [{ row: 4, message: 'price: Enter a number' }],
};

/** The panel against a server that previews and imports; the paths it was sent files to. */
function renderPanel() {
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      posted.push(url);
      const body = url.endsWith('/import/preview') ? preview : report;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProductCsvPanel />
    </QueryClientProvider>,
  );
  return posted;
}

describe('the product CSV panel (decision 0077)', () => {
  it('lists every exported column in its help', async () => {
    renderPanel();
    const help = screen.getByLabelText('CSV columns');
    for (const column of PRODUCT_CSV_COLUMNS) expect(within(help).getByText(column)).toBeTruthy();
  });

  it('previews each row of a picked file and imports it only on Apply', async () => {
    const user = userEvent.setup();
    const posted = renderPanel();
    await user.click(screen.getByText('Import or export CSV'));
    await user.upload(
      screen.getByLabelText('Import products CSV'),
      new File(['id,name,price\n7,Brass Diya 1,249\n'], 'products.csv', { type: 'text/csv' }),
    );
    const rows = await screen.findByRole('list', { name: 'Rows of the file' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Row 2: Changed · Brass Diya 1 (product 7) · price',
      'Row 3: New · Jute Potli Bag',
      'Row 4: Error · price: Enter a number',
    ]);
    expect(posted).toEqual(['/api/admin/products/import/preview']);

    await user.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    expect(await screen.findByText('1 created, 1 updated, 1 with errors')).toBeTruthy();
    expect(posted).toEqual(['/api/admin/products/import/preview', '/api/admin/products/import']);
  });
});
