import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, User } from '../../../shared/api/auth';
import { ApiError, TOKEN_STORAGE_KEY } from '../../api/client';
import type { AuthApi } from './auth-api';
import { AuthModal, type AuthMode } from './auth-modal';
import { AuthProvider } from './auth-provider';

const priya: User = {
  id: 7,
  userId: 7,
  name: 'Priya',
  fullName: 'Priya',
  email: 'priya@example.com',
  username: 'priya1',
  role: 'customer',
};

function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    me: async () => priya,
    login: async () => ({ user: priya, token: 'token-1' }),
    register: async () => ({ user: priya, token: 'token-2' }),
    logout: async () => {},
    ...overrides,
  };
}

/** The modal as a page would hold it, with buttons that change its default mode. */
function Harness({ redirectTo, initialMode = 'login' }: { redirectTo?: string; initialMode?: AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setMode('login')}>
        default login
      </button>
      <button type="button" onClick={() => setMode('signup')}>
        default signup
      </button>
      {!open && <p>Modal closed</p>}
      <AuthModal
        isOpen={open}
        onClose={() => setOpen(false)}
        defaultMode={mode}
        {...(redirectTo ? { redirectTo } : {})}
      />
    </>
  );
}

/**
 * Renders the modal and waits for its form, which loads on first open. Signing in opens on the
 * mobile number (decision 0069); these tests take the e-mail way, the spec's, unless `byPhone`.
 */
async function renderModal(
  api: AuthApi,
  props: { redirectTo?: string; initialMode?: AuthMode; byPhone?: boolean } = {},
) {
  const { byPhone = false, ...harness } = props;
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness {...harness} /> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AuthProvider api={api}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  if (harness.initialMode !== 'signup') {
    await screen.findByLabelText('Mobile number');
    if (!byPhone) await takeEmailWay();
  }
  await screen.findByLabelText(byPhone ? 'Mobile number' : 'Email');
  return router;
}

const takeEmailWay = () =>
  userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));

const title = () => screen.getByRole('heading', { level: 2 }).textContent;
const field = async (name: string) => (await screen.findByLabelText(name)) as HTMLInputElement;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('AuthModal (SPEC 2, SPEC 4)', () => {
  it('leads with the mobile number, with e-mail and password as the second way under its spec titles', async () => {
    const user = userEvent.setup();
    await renderModal(fakeApi(), { byPhone: true });
    expect(title()).toBe('Continue with mobile number');
    expect(screen.queryByLabelText('Email')).toBeNull();
    const fields = screen.getAllByRole('textbox').map((box) => box.getAttribute('id'));
    expect(fields[0]).toBe((await field('Mobile number')).id);

    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));
    expect(title()).toBe('Welcome Back!');
    expect(screen.getByText('Sign in to continue shopping')).toBeTruthy();
    expect(await field('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with mobile number' })).toBeTruthy();
  });

  it('shows the login titles and switches to signup and back with the toggle', async () => {
    const user = userEvent.setup();
    await renderModal(fakeApi());
    expect(title()).toBe('Welcome Back!');
    expect(screen.getByText('Sign in to continue shopping')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(title()).toBe('Quick Signup');
    expect(screen.getByText('Create account in 30 seconds')).toBeTruthy();
    expect((await field('Password')).placeholder).toBe('Password (min 6 characters)');
    expect(await field('Full Name (Optional)')).toBeTruthy();

    // Back to signing in: the mobile number first again.
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(title()).toBe('Continue with mobile number');
  });

  it('clears the fields and the error when the toggle switches mode', async () => {
    const user = userEvent.setup();
    await renderModal(
      fakeApi({ login: async () => Promise.reject(new ApiError(401, 'Invalid email or password')) }),
    );
    await user.type(await field('Email'), 'priya@example.com');
    await user.type(await field('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await field('Email')).value).toBe('');
    expect((await field('Password')).value).toBe('');
  });

  it('resets mode, fields and error when the default mode changes', async () => {
    const user = userEvent.setup();
    await renderModal(
      fakeApi({
        register: async () => Promise.reject(new ApiError(409, 'An account with this email already exists.')),
      }),
      {
        initialMode: 'signup',
      },
    );
    expect(title()).toBe('Quick Signup');
    await user.type(await field('Email'), 'priya@example.com');
    await user.type(await field('Password'), 'secret1');
    await user.type(await field('Full Name (Optional)'), 'Priya');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists.');

    await user.click(screen.getByRole('button', { name: 'default login' }));
    expect(title()).toBe('Continue with mobile number');
    expect(screen.queryByRole('alert')).toBeNull();
    await takeEmailWay();
    expect(title()).toBe('Welcome Back!');
    expect((await field('Email')).value).toBe('');

    // Typed in login mode, then the default changes to signup: everything clears again.
    await user.type(await field('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'default signup' }));
    expect(title()).toBe('Quick Signup');
    expect((await field('Email')).value).toBe('');
    expect((await field('Full Name (Optional)')).value).toBe('');
  });

  it("disables the button and reads 'Please wait...' while signing in", async () => {
    const user = userEvent.setup();
    let finish: (value: AuthResponse) => void = () => {};
    await renderModal(fakeApi({ login: () => new Promise<AuthResponse>((resolve) => (finish = resolve)) }));
    await user.type(await field('Email'), 'priya@example.com');
    await user.type(await field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: 'Please wait...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish({ user: priya, token: 'token-1' });
    expect(await screen.findByText('Modal closed')).toBeTruthy();
  });

  it('refuses a sign-up without the 18-or-older tick, with the message, and sends nothing', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    await renderModal(
      fakeApi({
        register: async (payload) => {
          sent.push(payload);
          return new Promise<AuthResponse>(() => {});
        },
      }),
      { initialMode: 'signup' },
    );
    await user.type(await field('Email'), 'young@example.com');
    await user.type(await field('Password'), 'secret1');
    const box = screen.getByLabelText('I am 18 or older') as HTMLInputElement;
    expect(box.checked).toBe(false);
    // DPDP s.5: the notice where the data is asked for, with the whole policy a tap away.
    expect(screen.getByText(/We keep your name, e-mail and mobile number to run your account/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Privacy policy (opens in a new tab)' }).getAttribute('href'),
    ).toBe('/policies/privacy');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'You must be 18 or older to create an account. A parent or guardian can order for you.',
      ),
    ).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it("disables the button and reads 'Creating account...' while signing up", async () => {
    const user = userEvent.setup();
    await renderModal(fakeApi({ register: () => new Promise<AuthResponse>(() => {}) }), {
      initialMode: 'signup',
    });
    await user.type(await field('Email'), 'new@example.com');
    await user.type(await field('Password'), 'secret1');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const busy = await screen.findByRole('button', { name: 'Creating account...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes on success, saves the token and goes to redirectTo when it is not /', async () => {
    const user = userEvent.setup();
    const router = await renderModal(fakeApi(), { redirectTo: '/checkout' });
    await user.type(await field('Email'), 'priya@example.com');
    await user.type(await field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Checkout page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-1');
  });

  it('stays on the page when redirectTo is /', async () => {
    const user = userEvent.setup();
    const router = await renderModal(fakeApi());
    await user.type(await field('Email'), 'priya@example.com');
    await user.type(await field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Modal closed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('checks SPEC 5 rules before calling the server', async () => {
    const user = userEvent.setup();
    const login = vi.fn(fakeApi().login);
    await renderModal(fakeApi({ login }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(await field('Email'), 'not-an-email');
    await user.type(await field('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    await waitFor(() => expect(login).not.toHaveBeenCalled());
  });
});

/** A guest's checkout: the popup opens with the page, so no control opened it. */
function GuestCheckout() {
  const [open, setOpen] = useState(true);
  return (
    <main>
      <h1>Checkout</h1>
      <AuthModal isOpen={open} onClose={() => setOpen(false)} redirectTo="/checkout" />
    </main>
  );
}

describe('Closing the login popup that checkout opens by itself (WCAG 2.4.3)', () => {
  it("puts focus on the page's main heading instead of <body>", async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/checkout', element: <GuestCheckout /> }], {
      initialEntries: ['/checkout'],
    });
    render(
      <AuthProvider api={fakeApi()}>
        <RouterProvider router={router} />
      </AuthProvider>,
    );
    await screen.findByLabelText('Mobile number');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Checkout', level: 1 }));
  });
});
