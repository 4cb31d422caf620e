import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddOn } from '../../shared/api/catalog';
import { AuthProvider } from '../features/auth/auth-provider';
import { getCartStore, resetCartStoreForTests } from '../features/cart/use-cart';
import { testProduct } from '../testing/catalog-fixtures';
import { GUEST_AUTH } from '../testing/guest-auth';
import { renderRoutes } from '../testing/render-routes';
import { ProductPage } from './product-page';

// Decision 0079: after Add to Cart on a gift, its category's add-ons are offered unticked; only
// what the shopper ticks goes into the cart, each a line of its own.

const gift = testProduct(7, { name: 'Truffle Cake', price: 799, mrp: 899 });
const card: AddOn = {
  ...testProduct(21, { name: 'Birthday Greeting Card', price: 99, mrp: 99 }),
  addOnKind: 'greeting_card',
};
const chocolates: AddOn = {
  ...testProduct(22, { name: 'Chocolate Box', price: 249, mrp: 299 }),
  addOnKind: 'chocolates',
};

function stubApi(addOns: AddOn[]) {
  const routes: Record<string, unknown> = {
    '/api/products/7': { product: gift },
    '/api/products/7/add-ons': { data: addOns },
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    return path in routes
      ? Response.json(routes[path])
      : Response.json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const cartLines = () =>
  getCartStore()
    .getState()
    .items.map((line) => [line.name, line.quantity]);

async function addGiftToCart() {
  const user = userEvent.setup();
  renderRoutes(
    [{ path: '/product/:slug', element: <ProductPage /> }],
    '/product/truffle-cake-7',
    (routes) => <AuthProvider api={GUEST_AUTH}>{routes}</AuthProvider>,
  );
  const [addToCart] = await screen.findAllByRole('button', { name: 'Add to Cart' });
  await user.click(addToCart!);
  return user;
}

beforeEach(() => resetCartStoreForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the add-on step', () => {
  it('offers the add-ons with none ticked, and Skip and continue adds nothing', async () => {
    stubApi([card, chocolates]);
    const user = await addGiftToCart();
    const step = await screen.findByRole('dialog', { name: 'Make it special' });
    const boxes = within(step).getAllByRole('checkbox');
    expect(boxes.map((box) => [box.getAttribute('id') !== null, (box as HTMLInputElement).checked])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(within(step).getByRole('checkbox', { name: /Birthday Greeting Card/ })).toBeTruthy();
    expect(step.textContent).toContain('We write your gift message in it');
    // Nothing ticked, nothing to add.
    expect(
      (within(step).getByRole('button', { name: 'Tick an add-on to add it' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(cartLines()).toEqual([['Truffle Cake', 1]]);

    await user.click(within(step).getByRole('button', { name: 'Skip and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cartLines()).toEqual([['Truffle Cake', 1]]);
  });

  it('adds only what the shopper ticks, each a line of its own, and asks once a visit', async () => {
    stubApi([card, chocolates]);
    const user = await addGiftToCart();
    const step = await screen.findByRole('dialog', { name: 'Make it special' });
    await user.click(within(step).getByRole('checkbox', { name: /Chocolate Box/ }));
    await user.click(within(step).getByRole('button', { name: 'Add 1 to cart (₹249)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cartLines()).toEqual([
      ['Truffle Cake', 1],
      ['Chocolate Box', 1],
    ]);

    // Asked once a visit: a second Add to Cart adds the gift without asking again.
    const [addToCart] = screen.getAllByRole('button', { name: 'Add to Cart' });
    await user.click(addToCart!);
    expect(cartLines()).toEqual([
      ['Truffle Cake', 2],
      ['Chocolate Box', 1],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds nothing when closed with a box ticked', async () => {
    stubApi([card, chocolates]);
    const user = await addGiftToCart();
    const step = await screen.findByRole('dialog', { name: 'Make it special' });
    await user.click(within(step).getByRole('checkbox', { name: /Birthday Greeting Card/ }));
    await user.click(within(step).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cartLines()).toEqual([['Truffle Cake', 1]]);
  });

  it('stands in no way when the gift has no add-ons', async () => {
    const fetchMock = stubApi([]);
    await addGiftToCart();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/products/7/add-ons'))).toBe(
        true,
      ),
    );
    expect(screen.getAllByText(/Added 1 to cart/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cartLines()).toEqual([['Truffle Cake', 1]]);
  });
});
