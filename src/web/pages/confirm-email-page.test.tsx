import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthApi, PhoneAuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { ConfirmEmailPage } from './confirm-email-page';

const TOKEN = 'aGVsbG8td29ybGQtdGhpcy1pcy1hLXRva2Vu';
const unused = async () => Promise.reject(new Error('unused'));
const phoneApi: PhoneAuthApi = {
  requestCode: unused,
  verifyCode: unused,
  requestAddPhone: unused,
  verifyAddPhone: unused,
};

/** The server's link routes: this token is known and works once; any other is refused. */
function serveLink() {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${new URL(String(input)).pathname}`);
      if (!String(input).endsWith(TOKEN))
        return json(
          { message: 'This link has expired or was already used. Ask for a new one from your account page.' },
          404,
        );
      return method === 'POST'
        ? json({ email: 'meera.iyer@example.in' })
        : json({ newEmail: 'meera.iyer@example.in' });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/confirm-email/:token', element: <ConfirmEmailPage /> }], {
    initialEntries: [path],
  });
  // A guest: the link is opened on a device not signed in.
  const api: AuthApi = { me: unused, login: unused, register: unused, logout: async () => {} };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider api={api} phoneApi={phoneApi}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Confirm your e-mail page (decision 0075)', () => {
  it('names the new address and changes it only when the shopper confirms', async () => {
    const calls = serveLink();
    renderAt(`/confirm-email/${TOKEN}`);
    expect((await screen.findByText('meera.iyer@example.in')).closest('p')?.textContent).toContain(
      'Use meera.iyer@example.in as the e-mail of your account?',
    );
    expect(calls).toEqual([`GET /api/account/email/${TOKEN}`]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm e-mail' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Done. Your account now uses meera.iyer@example.in. Sign in with it from now on.',
    );
    expect(calls).toEqual([`GET /api/account/email/${TOKEN}`, `POST /api/account/email/${TOKEN}`]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says why a used or expired link cannot be used', async () => {
    serveLink();
    renderAt('/confirm-email/an-old-link-used-long-ago');
    expect(
      await screen.findByText(
        'This link has expired or was already used. Ask for a new one from your account page.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm e-mail' })).toBeNull();
  });
});
