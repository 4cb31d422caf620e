import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterPayload, User } from '../../shared/api/auth';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const asha: User = {
  id: 3,
  userId: 3,
  name: 'Asha Verma',
  fullName: 'Asha Verma',
  email: 'asha@example.com',
  username: 'asha',
  role: 'customer',
};

function CheckoutProbe() {
  const location = useLocation();
  return <p>Checkout with {JSON.stringify(location.state)}</p>;
}

function renderAt(entry: { pathname: string; search?: string; state?: unknown }, api: Partial<AuthApi>) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/checkout', element: <CheckoutProbe /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [entry] },
  );
  const fullApi: AuthApi = {
    me: async () => asha,
    login: async () => ({ user: asha, token: 't-login' }),
    register: async () => ({ user: asha, token: 't-register' }),
    logout: async () => {},
    ...api,
  };
  render(
    <AuthProvider api={fullApi}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

const shippingAddress = {
  fullName: 'Asha',
  address: '1 MG Road',
  city: 'Pune',
  postalCode: '411001',
  phone: '9876543210',
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Register page (SPEC 2, SPEC 5)', () => {
  async function fill(password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it("says 'Passwords do not match' under the confirmation, focuses it and sends nothing", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const register = vi.fn<AuthApi['register']>();
    renderAt({ pathname: '/register' }, { register });
    await fill('secret1', 'secret2');
    const confirmation = screen.getByLabelText('Confirm Password');
    const message = await screen.findByText('Passwords do not match');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(confirmation.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(confirmation);
    expect(alert).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });

  it('requires every field', async () => {
    const user = userEvent.setup();
    renderAt({ pathname: '/register' }, {});
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of ['Full name is required', 'Username is required', 'Email is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('registers and returns to the page it came from with the shipping address', async () => {
    const register = vi.fn(async (_payload: RegisterPayload) => ({ user: asha, token: 't-register' }));
    const router = renderAt(
      { pathname: '/register', state: { from: '/checkout', shippingAddress } },
      { register },
    );
    await fill('secret1', 'secret1');
    expect(await screen.findByText(`Checkout with ${JSON.stringify({ shippingAddress })}`)).toBeTruthy();
    expect(register).toHaveBeenCalledWith({
      fullName: 'Asha Verma',
      username: 'asha',
      email: 'asha@example.com',
      password: 'secret1',
    });
    expect(router.state.location.pathname).toBe('/checkout');
  });
});

describe('Login page (SPEC 2)', () => {
  it('signs in and follows ?redirect=, keeping the state for the sign-up link', async () => {
    const user = userEvent.setup();
    const router = renderAt({ pathname: '/login', search: '?redirect=/checkout' }, {});
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register?redirect=/checkout',
    );
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Checkout with null')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('shows why the shopper was sent here and never redirects off the site', async () => {
    const user = userEvent.setup();
    const router = renderAt(
      {
        pathname: '/login',
        search: '?redirect=//evil.example',
        state: { message: 'Session expired. Please login again.' },
      },
      {},
    );
    expect(screen.getByRole('status').textContent).toBe('Session expired. Please login again.');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
