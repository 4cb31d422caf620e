import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct, AdminProductList } from '../../../shared/api/admin';
import { QuoteProductFinder } from './quote-product-finder';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ganesha = {
  id: 41,
  name: 'Mini Ganesha Idol',
  price: 120,
  stock: 80,
} as AdminProduct;

function renderFinder(answer: AdminProductList) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const picked = vi.fn();
  const submitted = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <form onSubmit={submitted}>
        <QuoteProductFinder onPick={picked} />
      </form>
    </QueryClientProvider>,
  );
  return { asked, picked, submitted };
}

describe('the quote form product finder', () => {
  it('finds unarchived products by name and hands the chosen one over, clearing the search', async () => {
    const user = userEvent.setup();
    const { asked, picked, submitted } = renderFinder({ data: [ganesha], total: 1, page: 1, pageSize: 20 });
    const search = screen.getByLabelText('Find a product by name');
    await user.type(search, 'g');
    expect(asked).toEqual([]);
    await user.type(search, 'anesha{Enter}');
    // Enter in the search does not send the quote the finder sits in.
    expect(submitted).not.toHaveBeenCalled();

    const matches = await screen.findByRole('list', { name: 'Matching products' });
    expect(matches.textContent).toContain('Mini Ganesha Idol · ID 41 · ₹120 · 80 in stock');
    const url = new URL(asked.at(-1) ?? '', 'http://store.test');
    expect(url.pathname).toBe('/api/admin/products');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: 'ganesha', archived: 'false' });

    await user.click(within(matches).getByRole('button', { name: 'Add Mini Ganesha Idol to the quote' }));
    expect(picked).toHaveBeenCalledWith(ganesha);
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Matching products' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderFinder({ data: [], total: 0, page: 1, pageSize: 20 });
    await user.type(screen.getByLabelText('Find a product by name'), 'zz');
    expect(await screen.findByText("No products match 'zz'.")).toBeTruthy();
  });
});
