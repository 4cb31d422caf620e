import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diwaliCategory, weddingCollection } from '../testing/catalog-fixtures';
import { renderRoutes } from '../testing/render-routes';
import { CategoriesPage } from './categories-page';
import { CollectionsPage } from './collections-page';

function stubApi(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      return path in routes
        ? Response.json(routes[path])
        : Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/collections', element: <CollectionsPage /> },
      { path: '/categories', element: <CategoriesPage /> },
    ],
    path,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the collection list', () => {
  it("says 'No Collections Yet' when there are none", async () => {
    stubApi({ '/api/collections': [] });
    renderAt('/collections');
    expect(await screen.findByText('No Collections Yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/products');
  });

  it('links each collection to /collection/{name-slug}-{id}', async () => {
    stubApi({ '/api/collections': [weddingCollection] });
    renderAt('/collections');
    const list = await screen.findByRole('list', { name: 'Collections' });
    expect(list.querySelector('a')?.getAttribute('href')).toBe('/collection/wedding-favours-2');
  });
});

describe('the category list', () => {
  it("says 'No Categories Yet' when there are none", async () => {
    stubApi({ '/api/categories': [] });
    renderAt('/categories');
    expect(await screen.findByText('No Categories Yet')).toBeTruthy();
  });

  it('links each category to /category/{slug}', async () => {
    stubApi({ '/api/categories': [diwaliCategory] });
    renderAt('/categories');
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(list.querySelector('a')?.getAttribute('href')).toBe('/category/diwali-gifts');
  });
});
