import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartProduct } from './cart-item';
import { CartSummary } from './cart-summary';
import { getCartStore, resetCartStoreForTests } from './use-cart';
import { cartNoticeText } from './use-cart-check';

const hamper: CartProduct = {
  id: 21,
  name: 'Diwali Dry Fruit Hamper',
  price: 450,
  category: 'Diwali',
  inStock: true,
};

function renderSummary() {
  const router = createMemoryRouter([{ path: '*', element: <CartSummary /> }], { initialEntries: ['/cart'] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('region', { name: 'Order Summary' });
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});

afterEach(() => {
  cleanup();
  resetCartStoreForTests();
});

describe('CartSummary (SPEC 2 and 9)', () => {
  it('charges ₹50 below ₹1,000 for a guest and says so', () => {
    getCartStore().addItem(hamper, 2);
    const summary = renderSummary();
    expect(summary.textContent).toContain('Subtotal (2 items)₹900');
    expect(summary.textContent).toContain('Shipping₹50');
    expect(summary.textContent).toContain('Total₹950');
    expect(summary.textContent).toContain('₹50 shipping charge');
    expect(summary.textContent).toContain('Add ₹100 more for free shipping');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('ships free from ₹1,000', () => {
    getCartStore().addItem(hamper, 3);
    const summary = renderSummary();
    expect(summary.textContent).toContain('ShippingFree');
    expect(summary.textContent).toContain('Total₹1,350');
    expect(summary.textContent).toContain('Free shipping for orders ≥ ₹1,000');
  });

  it("takes a line's quantity tier off as a line of its own, from 6 pieces", () => {
    // Decision 0080: 6 potli bags at ₹120 reach '6+ pieces: 5% off': ₹720 less ₹36, ₹50 shipping.
    getCartStore().addItem(
      { id: 35, name: 'Silk Potli Bag', price: 120, quantityTiers: [{ minQuantity: 6, percentOff: 5 }] },
      6,
    );
    const summary = renderSummary();
    expect(summary.textContent).toContain('Subtotal (6 items)₹720');
    expect(summary.textContent).toContain('Silk Potli Bag, 6+ pieces: 5% off-₹36');
    expect(summary.textContent).toContain('Total₹734');
  });

  it('holds back checkout while a line is out of stock', () => {
    getCartStore().addItem(hamper);
    getCartStore().applyCatalogue(new Map([[21, { ...hamper, inStock: false }]]));
    renderSummary();
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('Remove out-of-stock items to continue to checkout.')).toBeTruthy();
  });
});

describe('cartNoticeText', () => {
  it('says what changed in the words the cart page shows', () => {
    expect(cartNoticeText({ kind: 'price', id: 1, name: 'Diya', was: 499, now: 549 })).toBe(
      'Price updated: was ₹499, now ₹549',
    );
    expect(cartNoticeText({ kind: 'out_of_stock', id: 1, name: 'Diya' })).toBe('Now out of stock');
  });
});
