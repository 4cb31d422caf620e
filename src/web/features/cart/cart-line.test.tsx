import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, type CartProduct, cartLineKey } from './cart-item';
import { CartLine } from './cart-line';
import { parseStoredCart } from './stored-cart';
import { getCartStore, resetCartStoreForTests, useCartState } from './use-cart';

// One cart line per distinct personalisation.

const potli: CartProduct = { id: 31, name: 'Jute Ganesha Potli Bag', price: 99, category: 'Return Gifts' };
const PHOTO = `/uploads/personalisations/${'cd'.repeat(16)}.webp`;
const aarav = { text: { 'Name on tag': 'Aarav' }, photo: PHOTO };
const diya = { text: { 'Name on tag': 'Diya' }, photo: null };

function CartLines() {
  const items = useCartState((state) => state.items);
  return (
    <ul>
      {items.map((item) => (
        <CartLine key={cartLineKey(item)} item={item} notes={[]} />
      ))}
    </ul>
  );
}

function renderCart() {
  const router = createMemoryRouter([{ path: '*', element: <CartLines /> }], { initialEntries: ['/cart'] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});

afterEach(() => {
  cleanup();
  resetCartStoreForTests();
});

describe('personalised cart lines', () => {
  it('keeps one line per name, adds to the matching one, and shows the name and photo under each', () => {
    const store = getCartStore();
    store.addItem(potli, 2, aarav);
    store.addItem(potli, 1, diya);
    store.addItem(potli, 1, { text: { 'Name on tag': 'Aarav' }, photo: PHOTO });
    store.addItem(potli, 1);
    expect(store.getState().items.map((item) => [item.quantity, item.personalisation])).toEqual([
      [3, aarav],
      [1, diya],
      [1, undefined],
    ]);
    renderCart();
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.textContent).toContain('Name on tag:Aarav');
    expect(within(lines[0]!).getByRole('img', { name: 'Uploaded by the shopper' })).toHaveProperty(
      'src',
      `${window.location.origin}${PHOTO}`,
    );
    expect(lines[1]?.textContent).toContain('Name on tag:Diya');
    expect(within(lines[1]!).queryByRole('img', { name: 'Uploaded by the shopper' })).toBeNull();
  });

  it('changes and removes only the line it belongs to', async () => {
    const store = getCartStore();
    store.addItem(potli, 1, aarav);
    store.addItem(potli, 1, diya);
    renderCart();
    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Quantity of Jute Ganesha Potli Bag (Diya)' }),
      '4',
    );
    expect(store.getState().items.map((item) => item.quantity)).toEqual([1, 4]);
    await user.click(screen.getByRole('button', { name: 'Remove Jute Ganesha Potli Bag (Aarav) from cart' }));
    expect(store.getState().items.map((item) => item.personalisation)).toEqual([diya]);
  });

  it('stores the personalisation and reads it back as separate lines', () => {
    const store = getCartStore();
    store.addItem(potli, 2, aarav);
    store.addItem(potli, 1, diya);
    const stored = localStorage.getItem(CART_STORAGE_KEY);
    expect(parseStoredCart(stored)?.map((item) => [item.quantity, item.personalisation])).toEqual([
      [2, aarav],
      [1, diya],
    ]);
    const broken = JSON.stringify({
      items: [
        { ...potli, quantity: 1, personalisation: { text: {}, photo: 'https://elsewhere.example/x.png' } },
      ],
    });
    expect(parseStoredCart(broken)).toEqual([]);
  });
});
