import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-provider';
import { GUEST_AUTH } from '../testing/guest-auth';
import { scrollEverythingIntoView } from '../testing/on-screen';
import { bouquet } from '../testing/product-fixtures';
import { renderRoutes } from '../testing/render-routes';
import { ProductPage } from './product-page';

// Decision 0083: the sections below the first screen (reviews, similar gifts, recently viewed) come
// with their code when the shopper nears them. Its own file: the code, once loaded, stays loaded.

function visitBouquet() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      asked.push(path);
      if (path === '/api/products/7') return Response.json({ product: bouquet });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  renderRoutes(
    [{ path: '/product/:slug', element: <ProductPage /> }],
    '/product/chocolate-bouquet-7',
    (routes) => <AuthProvider api={GUEST_AUTH}>{routes}</AuthProvider>,
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the product page's sections below the first screen", () => {
  it('wait while the shopper stays on the first screen, then come as the shopper scrolls to them', async () => {
    // happy-dom's observer reports nothing near the screen: a shopper who has not scrolled.
    const asked = visitBouquet();
    await screen.findByRole('heading', { level: 1, name: 'Chocolate Bouquet' });
    // The section's heading is drawn with its code, before any review is asked for.
    expect(screen.queryByRole('region', { name: 'Ratings & Reviews' })).toBeNull();
    expect(asked.filter((path) => path.includes('/reviews'))).toEqual([]);
    cleanup();

    scrollEverythingIntoView();
    visitBouquet();
    expect(await screen.findByRole('region', { name: 'Ratings & Reviews' })).toBeTruthy();
  });
});
