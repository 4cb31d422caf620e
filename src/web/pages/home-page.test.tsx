import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../shared/api/catalog';
import { diwaliCategory, testProduct, weddingCollection } from '../testing/catalog-fixtures';
import { renderRoutes } from '../testing/render-routes';
import { HomePage } from './home-page';

const gift = (id: number) => testProduct(id);

/** The store's /api as the home page calls it; `featured` answers the featured=true request. */
function serveHome(
  featured: Response | (() => Response),
  newest: Product[],
  summary = () => Response.json({ productCount: 537, lowestPrice: 59 }),
) {
  const productQueries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/categories') return Response.json([diwaliCategory]);
      if (url.pathname === '/api/collections') return Response.json([weddingCollection]);
      if (url.pathname === '/api/catalog-summary') return summary();
      if (url.pathname === '/api/products') {
        productQueries.push(url.searchParams);
        if (url.searchParams.get('featured') === 'true') {
          return typeof featured === 'function' ? featured() : featured;
        }
        return Response.json({ data: newest, total: newest.length });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return productQueries;
}

const renderHome = () => renderRoutes([{ path: '/', element: <HomePage /> }], '/');
const featuredNames = async () =>
  within(await screen.findByRole('list', { name: 'Featured products' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the home page', () => {
  it('shows the featured products, at most 6', async () => {
    const featured = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ ...gift(id), featured: true }));
    const queries = serveHome(Response.json({ data: featured, total: 7 }), []);
    renderHome();
    expect(await featuredNames()).toEqual([1, 2, 3, 4, 5, 6].map((id) => `Brass Diya ${id}`));
    expect(queries.map((query) => query.get('featured'))).toEqual(['true']);
  });

  it('falls back to the newest 6 by created_at when none is featured, or when that call fails', async () => {
    const newest = [11, 12, 13, 14, 15, 16, 17].map(gift);
    for (const featured of [
      () => Response.json({ data: [], total: 0 }),
      () => Response.json({ message: 'Something went wrong' }, { status: 500 }),
    ]) {
      const queries = serveHome(featured, newest);
      renderHome();
      expect(await featuredNames()).toEqual([11, 12, 13, 14, 15, 16].map((id) => `Brass Diya ${id}`));
      expect(Object.fromEntries(queries.at(-1) ?? [])).toMatchObject({ sort: 'created_at', limit: '6' });
      cleanup();
    }
  });

  it('links occasions and collections to their pages and states the marketing claims (SPEC 1, 2)', async () => {
    serveHome(Response.json({ data: [gift(1)], total: 1 }), []);
    renderHome();
    // The price and count claims are the live catalogue's (537 products from ₹59).
    await screen.findByText('Prices start at ₹59');
    const occasions = await screen.findByRole('list', { name: 'Occasions' });
    expect(within(occasions).getByRole('link').getAttribute('href')).toBe('/category/diwali-gifts');
    const collections = await screen.findByRole('list', { name: 'Featured collections' });
    expect(within(collections).getByRole('link').getAttribute('href')).toBe('/collection/wedding-favours-2');
    for (const claim of [
      'Prices start at ₹59',
      '500+ products',
      '7-day return',
      'Free shipping from ₹1,000',
    ]) {
      expect(screen.getAllByText(claim).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: 'View all categories' }).getAttribute('href')).toBe(
      '/categories',
    );
    expect(screen.getByRole('heading', { name: 'Need help choosing a gift?' })).toBeTruthy();
  });

  it('makes no price or count claim when the catalogue figures cannot be loaded', async () => {
    serveHome(Response.json({ data: [gift(1)], total: 1 }), [], () =>
      Response.json({ message: 'Something went wrong' }, { status: 500 }),
    );
    renderHome();
    await screen.findByRole('list', { name: 'Featured products' });
    await waitFor(() => expect(screen.queryByText('Return gifts for every budget')).toBeNull());
    expect(screen.queryByText(/Prices start at/)).toBeNull();
    expect(screen.queryByText(/^[\d,]+\+? products?$/)).toBeNull();
    expect(screen.getByText('7-day return')).toBeTruthy();
  });
});
