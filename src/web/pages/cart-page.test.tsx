import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartRestoreAnswer } from '../../shared/api/notifications';
import { getCartStore, resetCartStoreForTests } from '../features/cart/use-cart';
import { CartPage } from './cart-page';

const TOKEN = 'eyJraW5kIjoiY2FydCJ9.c2lnbmF0dXJl';

const toran = {
  id: 41,
  name: 'Marigold Toran',
  slug: 'marigold-toran-41',
  price: 349,
  image: '',
  category: 'Diwali',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
};

function serveRestore(answer: CartRestoreAnswer) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/notifications/cart-restore') {
        const { token } = JSON.parse(String(init?.body)) as { token: string };
        return token === TOKEN ? json(answer) : json({ message: 'This link is not valid.' }, 400);
      }
      if (url.pathname === `/api/products/${toran.id}`) return json({ product: { ...toran, stock: 3 } });
      return json({ message: 'Not found' }, 404);
    }),
  );
}

function renderCart(path: string) {
  const router = createMemoryRouter([{ path: '/cart', element: <CartPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Cart page: a reminder link puts the cart back', () => {
  it('adds the lines still sold, says what is gone, and drops the token from the address', async () => {
    serveRestore({ lines: [{ product: toran, quantity: 2 }], unavailable: ['Last Lantern'] });
    const router = renderCart(`/cart?restore=${TOKEN}`);
    expect(
      await screen.findByText(/We put 1 item back in your cart\. No longer available: Last Lantern\./),
    ).toBeTruthy();
    expect(
      getCartStore()
        .getState()
        .items.map((item) => [item.name, item.quantity]),
    ).toEqual([['Marigold Toran', 2]]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when the link is not valid, and leaves the cart as it was', async () => {
    serveRestore({ lines: [], unavailable: [] });
    renderCart('/cart?restore=forged');
    expect(await screen.findByText('This link is not valid.')).toBeTruthy();
    expect(getCartStore().getState().items).toEqual([]);
  });
});
