import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import type { User } from '../../../shared/api/auth';
import { TOKEN_STORAGE_KEY } from '../../api/client';
import { RevenueChart } from '../../features/admin-money/dashboard-view';
import { OrderStatusControls } from '../../features/admin-orders/order-detail-view';
import type { AuthApi } from '../../features/auth/auth-api';
import { AuthProvider } from '../../features/auth/auth-provider';
import { Component as AdminLayout } from './admin-layout-page';

const userWith = (
  role: User['role'],
  staffRole: User['staffRole'] = role === 'admin' ? 'owner' : null,
): User => ({
  id: 7,
  userId: 7,
  name: 'Lata',
  fullName: 'Lata',
  email: 'lata@example.com',
  username: 'lata',
  role,
  staffRole,
});

const menuOf = async () =>
  within(await screen.findByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const authApiFor = (user: User): AuthApi => ({
  me: async () => user,
  login: async () => ({ user, token: 't' }),
  register: async () => ({ user, token: 't' }),
  logout: async () => {},
});

function renderAdmin(user: User | null) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <h1>Dashboard</h1> },
          { path: 'orders', element: <h1>Orders</h1> },
        ],
      },
    ],
    { initialEntries: ['/admin'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider api={authApiFor(user ?? userWith('customer'))}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the back office frame', () => {
  it('asks a guest to log in with an admin account', async () => {
    renderAdmin(null);
    expect(await screen.findByRole('heading', { name: 'You need an admin account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('turns a customer away', async () => {
    renderAdmin(userWith('customer'));
    expect(
      await screen.findByText('You are signed in as lata@example.com, which is not an admin account.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('shows an owner the whole back office navigation and the page', async () => {
    renderAdmin(userWith('admin'));
    expect(await menuOf()).toEqual([
      'Dashboard',
      'Orders',
      'Customers',
      'Products',
      'Categories',
      'Collections',
      'Returns',
      'Coupons',
      'Reviews',
      'Bulk enquiries',
      'Complaints',
      'Group gifts',
      'New quote',
      'Reports',
      'Outbox',
      'Messages',
      'Settings',
      'Delivery slots',
      'Staff',
    ]);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  // Decision 0076: the menu hides what the role's permissions do not allow (src/shared/staff-roles.ts).
  it('shows the orders, catalogue and accounts roles only their own parts', async () => {
    renderAdmin(userWith('admin', 'orders'));
    expect(await menuOf()).toEqual([
      'Dashboard',
      'Orders',
      'Customers',
      'Returns',
      'Bulk enquiries',
      'Complaints',
      'Group gifts',
      'New quote',
    ]);
    cleanup();
    localStorage.clear();
    renderAdmin(userWith('admin', 'catalogue'));
    expect(await menuOf()).toEqual(['Dashboard', 'Products', 'Categories', 'Collections', 'Reviews']);
    cleanup();
    localStorage.clear();
    renderAdmin(userWith('admin', 'accounts'));
    expect(await menuOf()).toEqual(['Dashboard', 'Orders', 'Customers', 'Returns', 'Group gifts', 'Reports']);
  });

  it('folds the sections behind a Menu button that says whether it is open, and closes it on a chosen section', async () => {
    renderAdmin(userWith('admin'));
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const links = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(links?.className).toContain('hidden');
    menu.click();
    expect((await screen.findByRole('button', { name: 'Menu', expanded: true })).textContent).toContain(
      'Menu',
    );
    expect(links?.className).not.toMatch(/(^| )hidden( |$)/);
    // A chosen section closes it.
    within(screen.getByRole('navigation', { name: 'Back office' }))
      .getByRole('link', { name: 'Orders' })
      .click();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(links?.className).toContain('hidden');
  });
});

describe('back office pieces', () => {
  it('offers only the statuses the server allows next', () => {
    // The status panel reads only the order's id and status and the next statuses; a whole
    // AdminOrderDetail would be fifty lines of fields it never reads.
    const detail = {
      order: { id: 'o1', status: 'packed' },
      nextStatuses: ['shipped'],
    } as unknown as AdminOrderDetail;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderStatusControls detail={detail} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Mark as Shipped']);
    expect(screen.getByLabelText('Note (optional)')).toBeTruthy();
    // Decision 0065: the note stays the store's unless the owner ticks it for the customer.
    const toCustomer = screen.getByRole('checkbox', { name: 'Send this note to the customer' });
    expect((toCustomer as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Only the store sees it.')).toBeTruthy();
  });

  it("says the courier moves a booked order, and offers no courier's status (decision 0065)", () => {
    // As above: only the order's id and status and the next statuses are read.
    const detail = {
      order: { id: 'o1', status: 'failed_delivery' },
      nextStatuses: [],
    } as unknown as AdminOrderDetail;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderStatusControls detail={detail} />
      </QueryClientProvider>,
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText(/The courier's scans move it from here/)).toBeTruthy();
  });

  it("prints each day's revenue as text beside its bar", () => {
    render(
      <RevenueChart
        series={[
          { date: '2031-03-09', revenue: 0, orders: 0 },
          { date: '2031-03-10', revenue: 150000.5, orders: 3 },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((day) => day.textContent)).toEqual([
      'Sun, 9 Mar₹0 · 0 orders',
      'Mon, 10 Mar₹1,50,000.50 · 3 orders',
    ]);
  });
});
