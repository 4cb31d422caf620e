import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/api/auth';
import type { AuthApi, PhoneAuthApi } from './auth-api';
import { AuthProvider } from './auth-provider';
import { YourData } from './your-data';

const priya: User = {
  id: 7,
  userId: 7,
  name: 'Priya Nair',
  fullName: 'Priya Nair',
  email: 'priya@example.com',
  username: 'priya',
  role: 'customer',
};
const asha: User = { ...priya, id: 9, userId: 9, email: '', phone: '9876543210' };

const unused = async () => Promise.reject(new Error('unused'));
const phoneApi = (requests: unknown[]): PhoneAuthApi => ({
  requestCode: unused,
  verifyCode: unused,
  requestAddPhone: async (payload) => {
    requests.push(payload);
    return { sent: true, resendAfter: 30 };
  },
  verifyAddPhone: unused,
});

/** A server whose /api/account answers as given; records what was sent. */
function renderSection(user: User, answer: (path: string, body: unknown) => Response | Promise<Response>) {
  const sent: { path: string; body: unknown }[] = [];
  const codes: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      sent.push({ path, body });
      return answer(path, body);
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  localStorage.setItem('token', 'token-priya');
  const api: AuthApi = { me: async () => user, login: unused, register: unused, logout: async () => {} };
  render(
    <AuthProvider api={api} phoneApi={phoneApi(codes)}>
      <YourData />
    </AuthProvider>,
  );
  return { sent, codes };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Your data (decision 0063)', () => {
  it('asks for the password once more, shows a wrong one, then deletes and signs out', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection(priya, (_path, body) =>
      (body as { password?: string }).password === 'festive-secret'
        ? json(200, { erased: true })
        : json(400, { message: 'That is not right. Enter your password (or the code we sent) again.' }),
    );
    const section = await screen.findByRole('region', { name: 'Your data' });
    // Keyboard only: Tab to the button, Enter opens the question.
    for (let step = 0; step < 4; step++) await user.tab();
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Delete my account' }));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-one{Enter}');
    expect(await within(dialog).findByText(/That is not right/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'festive-secret{Enter}');
    expect(sent.at(-1)).toEqual({ path: '/account/erase', body: { password: 'festive-secret' } });
    // Signed out: the section belongs to a signed-in shopper only.
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Your data' })).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a phone-only account a code to its own number and deletes with it', async () => {
    const user = userEvent.setup();
    const { sent, codes } = renderSection(asha, () => json(200, { erased: true }));
    const section = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send a code to my number' }));
    expect(codes).toEqual([{ phone: '9876543210' }]);
    await user.type(await within(dialog).findByLabelText('Code we sent to your number'), '482913{Enter}');
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ path: '/account/erase', body: { code: '482913' } }));
  });

  it('corrects the name and shows it saved, or the server’s message', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection(priya, (_path, body) => {
      const fullName = (body as { fullName: string }).fullName;
      return fullName === 'Priya Menon'
        ? json(200, { user: { ...priya, name: fullName, fullName } })
        : json(429, { message: 'Too many change requests. Please try again in 59 minutes.' });
    });
    const section = await screen.findByRole('region', { name: 'Your data' });
    const field = within(section).getByLabelText('Your name') as HTMLInputElement;
    expect(field.value).toBe('Priya Nair');
    await user.clear(field);
    await user.type(field, 'Priya Menon{Enter}');
    await vi.waitFor(() =>
      expect(sent.at(-1)).toEqual({ path: '/account/name', body: { fullName: 'Priya Menon' } }),
    );
    expect(await within(section).findByText('Name saved.')).toBeTruthy();
    expect(field.value).toBe('Priya Menon');
    await user.clear(field);
    await user.type(field, 'Priya M{Enter}');
    expect(await within(section).findByText(/Too many change requests/)).toBeTruthy();
  });

  it('shows the download while it is prepared, and the server’s refusal', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    renderSection(
      priya,
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const section = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    const busy = within(section).getByRole('button', { name: 'Preparing your file…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release(json(429, { message: 'Too many download requests. Please try again in 59 minutes.' }));
    expect(
      await within(section).findByText('Too many download requests. Please try again in 59 minutes.'),
    ).toBeTruthy();
    expect(
      (within(section).getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
