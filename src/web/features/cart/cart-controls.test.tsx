import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AddToCartButton } from './add-to-cart-button';
import { CartBar } from './cart-bar';
import { CartControls } from './cart-controls';
import { CART_STORAGE_KEY, type CartProduct } from './cart-item';
import { getCartStore, resetCartStoreForTests } from './use-cart';

const lamp: CartProduct = {
  id: 11,
  name: 'Clay Lamp',
  price: 150,
  image: '',
  category: 'Diwali',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
};
const favours: CartProduct = { ...lamp, id: 12, name: 'Favour Pouch', price: 40, minQuantity: 3 };

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});

afterEach(() => {
  cleanup();
  resetCartStoreForTests();
});

describe('CartControls (SPEC 4 listing card)', () => {
  it('shows Add at quantity 0, then a stepper that adds 1 and removes below the minimum', async () => {
    const user = userEvent.setup();
    renderAt('/products', <CartControls product={lamp} />);
    const add = screen.getByRole('button', { name: 'Add Clay Lamp to cart' });
    expect(add.textContent).toBe('Add');
    await user.click(add);

    const stepper = screen.getByRole('group', { name: 'Quantity of Clay Lamp in cart' });
    expect(stepper.querySelector('output')?.textContent).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(stepper.querySelector('output')?.textContent).toBe('2');
    expect(getCartStore().quantityOf(11)).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(getCartStore().getState().items).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add Clay Lamp to cart' })).toBeTruthy();
  });

  it("labels the button 'Add {min}', adds minQuantity units, and removes the line below it", async () => {
    const user = userEvent.setup();
    renderAt('/products', <CartControls product={favours} />);
    const add = screen.getByRole('button', { name: 'Add 3 Favour Pouch to cart' });
    expect(add.textContent).toBe('Add 3');
    await user.click(add);
    expect(getCartStore().quantityOf(12)).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(getCartStore().quantityOf(12)).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(getCartStore().quantityOf(12)).toBe(0);
    expect(screen.getByRole('button', { name: 'Add 3 Favour Pouch to cart' }).textContent).toBe('Add 3');
  });

  it('stops increasing at 10', async () => {
    const user = userEvent.setup();
    getCartStore().addItem(lamp, 9);
    renderAt('/products', <CartControls product={lamp} />);
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(increase);
    expect(getCartStore().quantityOf(11)).toBe(10);
    expect((increase as HTMLButtonElement).disabled).toBe(true);
  });

  it('is a disabled Out of Stock button without pre-order, and Add with pre-order', () => {
    renderAt(
      '/products',
      <>
        <CartControls product={{ ...lamp, inStock: false }} />
        <CartControls product={{ ...favours, inStock: false, allowPreOrder: true }} />
      </>,
    );
    const out = screen.getByRole('button', { name: 'Out of Stock' }) as HTMLButtonElement;
    expect(out.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Add 3 Favour Pouch to cart' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows what another tab put in the cart', async () => {
    renderAt('/products', <CartControls product={lamp} />);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...lamp, quantity: 4 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    const stepper = await screen.findByRole('group', { name: 'Quantity of Clay Lamp in cart' });
    expect(stepper.querySelector('output')?.textContent).toBe('4');
  });
});

describe('AddToCartButton (product page)', () => {
  it("adds the page's chosen quantity", async () => {
    const user = userEvent.setup();
    renderAt('/product/clay-lamp-11', <AddToCartButton product={lamp} quantity={4} />);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(getCartStore().quantityOf(11)).toBe(4);
    expect(screen.getByRole('status').textContent).toContain('Added 4 to cart');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(getCartStore().quantityOf(11)).toBe(8);
  });

  it('says so when the cart already holds the most of one product', async () => {
    const user = userEvent.setup();
    getCartStore().addItem(lamp, 8);
    renderAt('/product/clay-lamp-11', <AddToCartButton product={lamp} quantity={5} />);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(getCartStore().quantityOf(11)).toBe(10);
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('10 in cart, the most per product');
  });

  it('is disabled when out of stock without pre-order', () => {
    renderAt('/product/clay-lamp-11', <AddToCartButton product={{ ...lamp, inStock: false }} quantity={1} />);
    expect((screen.getByRole('button', { name: 'Out of Stock' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CartBar (SPEC 2)', () => {
  it('is hidden while the cart is empty', () => {
    renderAt('/products', <CartBar />);
    expect(screen.queryByRole('region', { name: 'Cart summary' })).toBeNull();
  });

  it('shows the item count, total, View Cart and Checkout on listing pages', async () => {
    getCartStore().addItem(lamp, 2);
    getCartStore().addItem(favours, 3);
    renderAt('/products', <CartBar />);
    // The bar's code loads when it first shows.
    const bar = await screen.findByRole('region', { name: 'Cart summary' });
    expect(bar.textContent).toContain('5 items');
    expect(bar.textContent).toContain('₹420');
    expect(screen.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('stays off the cart, checkout and payment pages', () => {
    getCartStore().addItem(lamp);
    for (const path of ['/cart', '/checkout', '/payment']) {
      const view = renderAt(path, <CartBar />);
      expect(screen.queryByRole('region', { name: 'Cart summary' })).toBeNull();
      view.unmount();
    }
  });
});
