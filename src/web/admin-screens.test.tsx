import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../shared/api/auth';
import { STAFF_ROLES, type StaffRole } from '../shared/staff-roles';
import { TOKEN_STORAGE_KEY } from './api/client';
import { ADMIN_SCREEN_PATHS, mayOpenAdminScreen } from './components/admin/admin-nav';
import type { AuthApi } from './features/auth/auth-api';
import { AuthProvider } from './features/auth/auth-provider';
import { Component as AdminLayout } from './pages/admin/admin-layout-page';
import { routes } from './router';

/**
 * Decision 0076: who may open each back-office screen, written out by hand (not read from the
 * permission table), beside admin-guard.test.ts's table of the API routes.
 */
const WHO_MAY_OPEN: readonly (readonly [screen: string, roles: string])[] = [
  ['/admin', 'owner orders catalogue accounts'],
  ['/admin/orders', 'owner orders accounts'],
  ['/admin/orders/:id', 'owner orders accounts'],
  ['/admin/orders/:id/packing-slip', 'owner orders accounts'],
  ['/admin/customers', 'owner orders accounts'],
  ['/admin/customers/:id', 'owner orders accounts'],
  ['/admin/products', 'owner catalogue'],
  ['/admin/products/new', 'owner catalogue'],
  ['/admin/products/:id', 'owner catalogue'],
  ['/admin/categories', 'owner catalogue'],
  ['/admin/collections', 'owner catalogue'],
  ['/admin/returns', 'owner orders accounts'],
  ['/admin/coupons', 'owner'],
  ['/admin/reviews', 'owner catalogue'],
  ['/admin/outbox', 'owner'],
  ['/admin/messages', 'owner'],
  ['/admin/reports', 'owner accounts'],
  ['/admin/bulk-enquiries', 'owner orders'],
  ['/admin/complaints', 'owner orders'],
  ['/admin/group-gifts', 'owner orders accounts'],
  ['/admin/quotes/new', 'owner orders'],
  ['/admin/settings', 'owner'],
  ['/admin/delivery-slots', 'owner'],
  ['/admin/staff', 'owner'],
];

/** Every path under /admin in the app's route table. */
function adminPaths(): string[] {
  const admin = routes.flatMap((route) => route.children ?? [route]).find((route) => route.path === 'admin');
  const childPath = (child: RouteObject) => (child.index ? '/admin' : `/admin/${child.path}`);
  return (admin?.children ?? []).map(childPath);
}

/** A path as a staff member opens it, its ids filled in. */
const opened = (path: string) => path.replace(':id', '42');

const staffMember = (staffRole: StaffRole): User => ({
  id: 7,
  userId: 7,
  name: 'Lata',
  fullName: 'Lata',
  email: 'lata@example.com',
  username: 'lata',
  role: 'admin',
  staffRole,
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the back office screens by role', () => {
  it('knows every screen the router has, and this table lists each', () => {
    expect([...ADMIN_SCREEN_PATHS].sort()).toEqual(adminPaths().sort());
    expect(WHO_MAY_OPEN.map(([path]) => path).sort()).toEqual(adminPaths().sort());
  });

  it('lets each role open exactly the screens the table above gives it', () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [path, roles] of WHO_MAY_OPEN) {
      for (const role of STAFF_ROLES) {
        expected.push(`${role} ${path}: ${roles.split(' ').includes(role) ? 'opens' : 'refused'}`);
        outcomes.push(`${role} ${path}: ${mayOpenAdminScreen(role, opened(path)) ? 'opens' : 'refused'}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('tells an orders member that the reports are not theirs, instead of showing the page', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const user = staffMember('orders');
    const api: AuthApi = {
      me: async () => user,
      login: async () => ({ user, token: 't' }),
      register: async () => ({ user, token: 't' }),
      logout: async () => {},
    };
    const router = createMemoryRouter(
      [
        {
          path: '/admin',
          element: <AdminLayout />,
          children: [{ path: 'reports', element: <h1>Reports</h1> }],
        },
      ],
      { initialEntries: ['/admin/reports'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider api={api}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Your role does not include this page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reports' })).toBeNull();
  });
});
