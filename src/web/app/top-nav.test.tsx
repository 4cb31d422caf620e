import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NavSession, TopNav } from './top-nav';

const session = (fields: Partial<NavSession>): NavSession => ({
  loggedIn: false,
  cartCount: 0,
  wishlistCount: 0,
  onLogin: vi.fn(),
  onRegister: vi.fn(),
  onLogout: vi.fn(),
  ...fields,
});

/** The phone layout's menu, opened: it holds every navigation item. */
async function openMenu(nav: NavSession) {
  const router = createMemoryRouter([{ path: '*', element: <TopNav session={nav} /> }]);
  render(<RouterProvider router={router} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
  const menu = document.getElementById('mobile-menu');
  if (!menu) throw new Error('The menu did not open');
  const names = [...within(menu).getAllByRole('link'), ...within(menu).queryAllByRole('button')].map((item) =>
    item.textContent?.replace(/\d+ items in (cart|wishlist)/, '').trim(),
  );
  return { menu, names };
}

afterEach(cleanup);

describe('the top navigation (SPEC 2)', () => {
  it('offers a guest Home, Products, Collections, Cart, Login and Register', async () => {
    const { names } = await openMenu(session({}));
    expect(names).toEqual(['Home', 'Products', 'Collections', 'Cart', 'Login', 'Register']);
  });

  it('adds Wishlist, Orders and Logout for a customer, with the badges', async () => {
    const { menu, names } = await openMenu(session({ loggedIn: true, cartCount: 3, wishlistCount: 2 }));
    expect(names).toEqual(['Home', 'Products', 'Collections', 'Cart', 'Wishlist', 'Orders', 'Logout']);
    expect(within(menu).getByRole('link', { name: /Cart/ }).textContent).toContain('3 items in cart');
    expect(within(menu).getByRole('link', { name: /Wishlist/ }).textContent).toContain('2 items in wishlist');
  });

  it('links the back office for an admin only', async () => {
    const { menu, names } = await openMenu(session({ loggedIn: true, isAdmin: true }));
    expect(names).toContain('Admin');
    expect(within(menu).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });
});
