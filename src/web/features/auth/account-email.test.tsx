import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/api/auth';
import { AccountEmail } from './account-email';
import type { AuthApi, PhoneAuthApi } from './auth-api';
import { AuthProvider } from './auth-provider';

const priya: User = {
  id: 7,
  userId: 7,
  name: 'Priya Nair',
  fullName: 'Priya Nair',
  email: 'priya@example.com',
  username: 'priya',
  role: 'customer',
};

const unused = async () => Promise.reject(new Error('unused'));
const phoneApi: PhoneAuthApi = {
  requestCode: unused,
  verifyCode: unused,
  requestAddPhone: unused,
  verifyAddPhone: unused,
};

function renderSection(answer: (body: { email: string }) => Response) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { email: string };
      sent.push({ path: new URL(String(input), 'http://localhost').pathname, body });
      return answer(body);
    }),
  );
  localStorage.setItem('token', 'token-priya');
  const api: AuthApi = { me: async () => priya, login: unused, register: unused, logout: async () => {} };
  render(
    <AuthProvider api={api} phoneApi={phoneApi}>
      <AccountEmail />
    </AuthProvider>,
  );
  return sent;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('E-mail in the account page (decision 0075)', () => {
  it('sends a link to the new address and says the account keeps its e-mail until it is opened', async () => {
    const user = userEvent.setup();
    const sent = renderSection(({ email }) =>
      json(200, { sentTo: email.toLowerCase(), expiresAt: '2026-12-06T10:00:00.000Z' }),
    );
    expect(await screen.findByText('priya@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const field = screen.getByLabelText('New e-mail');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Priya.Nair@Example.in');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText(
        'We sent a link to priya.nair@example.in. Open it within a day to confirm; until then your account keeps its current e-mail.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ path: '/api/account/email', body: { email: 'Priya.Nair@Example.in' } }]);
    // Still the old address: nothing changed yet.
    expect(screen.getByText('priya@example.com')).toBeTruthy();
  });

  it("shows the server's refusal of another account's address", async () => {
    const user = userEvent.setup();
    renderSection(() =>
      json(409, { message: 'Another account uses this e-mail. Sign in with it, or choose a different one.' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    await user.type(screen.getByLabelText('New e-mail'), 'ravi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Another account uses this e-mail. Sign in with it, or choose a different one.',
    );
  });
});
