import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OtpVerifyPayload, RegisterPayload, User } from '../../shared/api/auth';
import { NAME_NEEDED } from '../../shared/auth-rules';
import { ApiError } from '../api/client';
import type { AuthApi, PhoneAuthApi } from '../features/auth/auth-api';
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

function renderAt(
  entry: { pathname: string; search?: string; state?: unknown },
  api: Partial<AuthApi>,
  phoneApi?: PhoneAuthApi,
) {
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
    <AuthProvider api={fullApi} {...(phoneApi ? { phoneApi } : {})}>
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
    await user.click(screen.getByLabelText('I am 18 or older'));
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
      adult: true,
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
    // Decision 0069: the mobile number leads; e-mail and password are the second way.
    expect(screen.getByLabelText('Mobile number')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));
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
    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

/** A server that sends code 482913; `known` numbers have an account, others are asked for a name. */
function phoneServer(known: string[]) {
  const verifications: OtpVerifyPayload[] = [];
  const phoneApi: PhoneAuthApi = {
    requestCode: async () => ({ sent: true, resendAfter: 30 }),
    verifyCode: async (payload) => {
      verifications.push(payload);
      if (payload.code !== '482913') throw new ApiError(401, 'That code is not right. 2 tries left.');
      if (!known.includes(payload.phone) && !payload.fullName) {
        throw new ApiError(400, NAME_NEEDED, [{ path: 'fullName', message: 'Full name is required' }]);
      }
      const fullName = payload.fullName ?? 'Asha Verma';
      return { user: { ...asha, fullName, name: fullName, phone: payload.phone }, token: 't-phone' };
    },
    requestAddPhone: async () => Promise.reject(new ApiError(500, 'unused')),
    verifyAddPhone: async () => Promise.reject(new ApiError(500, 'unused')),
  };
  return { phoneApi, verifications };
}

async function signInByPhone(user: ReturnType<typeof userEvent.setup>, phone: string) {
  // The login page opens on the mobile number (decision 0069); the register page on e-mail.
  const other = screen.queryByRole('button', { name: 'Continue with mobile number' });
  if (other) await user.click(other);
  await user.type(await screen.findByLabelText('Mobile number'), phone);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('Code'), '482913');
}

describe('Continue with mobile number on the pages (decision 0032)', () => {
  it('signs a known number in from the login page and returns to checkout with the address', async () => {
    const user = userEvent.setup();
    const server = phoneServer(['9876543210']);
    const router = renderAt(
      { pathname: '/login', state: { from: '/checkout', shippingAddress } },
      {},
      server.phoneApi,
    );
    await signInByPhone(user, '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText(`Checkout with ${JSON.stringify({ shippingAddress })}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(server.verifications).toEqual([{ phone: '9876543210', code: '482913' }]);
    expect(localStorage.getItem('token')).toBe('t-phone');
  });

  it('signs a new number up from the register page, asking its name, and can go back to e-mail', async () => {
    const user = userEvent.setup();
    const server = phoneServer([]);
    const router = renderAt({ pathname: '/register', search: '?redirect=/checkout' }, {}, server.phoneApi);
    await user.click(screen.getByRole('button', { name: 'Continue with mobile number' }));
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign up with e-mail instead' }));
    expect(screen.getByLabelText('Email address')).toBeTruthy();

    await signInByPhone(user, '91234 56789');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await user.type(await screen.findByLabelText('Full Name'), 'Ravi Kumar');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Checkout with null')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(server.verifications.at(-1)).toEqual({
      phone: '9123456789',
      code: '482913',
      fullName: 'Ravi Kumar',
      adult: true,
    });
  });
});
