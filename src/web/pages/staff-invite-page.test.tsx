import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { AuthApi, PhoneAuthApi } from '../features/auth/auth-api';
import { AuthProvider, useAuth } from '../features/auth/auth-provider';
import { StaffInvitePage } from './staff-invite-page';

const unused = async () => Promise.reject(new Error('unused'));
const phoneApi: PhoneAuthApi = {
  requestCode: unused,
  verifyCode: unused,
  requestAddPhone: unused,
  verifyAddPhone: unused,
};
const ravi: User = {
  id: 12,
  userId: 12,
  name: 'Ravi Kumar',
  fullName: 'Ravi Kumar',
  email: 'ravi@example.in',
  username: 'ravi',
  role: 'admin',
  staffRole: 'orders',
};

function BackOffice() {
  const { user } = useAuth();
  return <h1>Back office for {user?.fullName ?? 'nobody'}</h1>;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('joining the staff', () => {
  it('signs the new member in and opens the back office', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json({
              email: 'ravi@example.in',
              staffRole: 'orders',
              token: 'session-ravi',
              user: ravi,
            })
          : Response.json({
              email: 'ravi@example.in',
              staffRole: 'orders',
              storeName: 'Utsav Gifts',
              existingAccount: false,
            }),
      ),
    );
    const router = createMemoryRouter(
      [
        { path: '/staff-invite/:token', element: <StaffInvitePage /> },
        { path: '/admin', element: <BackOffice /> },
      ],
      { initialEntries: ['/staff-invite/abcdefghijklmnopqrstuvwxyz'] },
    );
    const api: AuthApi = { me: unused, login: unused, register: unused, logout: async () => {} };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider api={api} phoneApi={phoneApi}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText(/^Password/), 'orders-desk-2026');
    await user.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('heading', { name: 'Back office for Ravi Kumar' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('session-ravi');
  });
});
