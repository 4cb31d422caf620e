import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, User } from '../../../shared/api/auth';
import { SESSION_EXPIRED_EVENT } from '../../../shared/auth';
import { ApiError, TOKEN_STORAGE_KEY } from '../../api/client';
import type { AuthApi } from './auth-api';
import { type AuthContextValue, AuthProvider, useAuth } from './auth-provider';

const priya: User = {
  id: 7,
  userId: 7,
  name: 'Priya Sharma',
  fullName: 'Priya Sharma',
  email: 'priya@example.com',
  username: 'priya421',
  role: 'customer',
};

/** An AuthApi whose answers each test decides. */
function fakeApi(overrides: Partial<AuthApi> = {}): AuthApi & { logout: ReturnType<typeof vi.fn> } {
  return {
    me: vi.fn(async () => priya),
    login: vi.fn(async (): Promise<AuthResponse> => ({ user: priya, token: 'new-token' })),
    register: vi.fn(async (): Promise<AuthResponse> => ({ user: priya, token: 'new-token' })),
    logout: vi.fn(async () => {}),
    ...overrides,
  } as AuthApi & { logout: ReturnType<typeof vi.fn> };
}

let auth: AuthContextValue;
function Probe() {
  auth = useAuth();
  return <p data-testid="state">{JSON.stringify({ user: auth.user?.id ?? null, loading: auth.loading })}</p>;
}

function renderAuth(api: AuthApi, random?: () => number) {
  return render(
    <AuthProvider api={api} {...(random ? { random } : {})}>
      <Probe />
    </AuthProvider>,
  );
}

const stored = () => localStorage.getItem(TOKEN_STORAGE_KEY);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('AuthProvider start (SPEC 4)', () => {
  it('starts loading with the stored token and signs in with /auth/me', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'saved-token');
    const api = fakeApi();
    renderAuth(api);
    expect(auth.loading).toBe(true);
    expect(auth.token).toBe('saved-token');
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(auth.user).toEqual(priya);
    expect(api.me).toHaveBeenCalled();
  });

  it('stops loading at once without a token and never asks /auth/me', async () => {
    const api = fakeApi();
    renderAuth(api);
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(auth.user).toBeNull();
    expect(api.me).not.toHaveBeenCalled();
  });

  it.each([401, 403])('logs out when /auth/me answers %i', async (status) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
    renderAuth(fakeApi({ me: vi.fn(async () => Promise.reject(new ApiError(status, 'No'))) }));
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(auth.user).toBeNull();
    expect(auth.token).toBeNull();
    expect(stored()).toBeNull();
  });

  it('only stops loading on any other failure, keeping the token for later', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'saved-token');
    renderAuth(fakeApi({ me: vi.fn(async () => Promise.reject(new ApiError(0, 'Network error'))) }));
    await waitFor(() => expect(auth.loading).toBe(false));
    expect(auth.user).toBeNull();
    expect(auth.token).toBe('saved-token');
    expect(stored()).toBe('saved-token');
  });
});

describe('login and register (SPEC 4, SPEC 8)', () => {
  it('loads, then saves the token and sets the user', async () => {
    let finish: (value: AuthResponse) => void = () => {};
    const api = fakeApi({ login: vi.fn(() => new Promise<AuthResponse>((resolve) => (finish = resolve))) });
    renderAuth(api);
    await waitFor(() => expect(auth.loading).toBe(false));

    let result: Promise<boolean> = Promise.resolve(false);
    act(() => {
      result = auth.login({ email: 'priya@example.com', password: 'secret' });
    });
    expect(auth.loading).toBe(true);
    // The request goes out once signing in's code has loaded (auth-sign-in.ts).
    await waitFor(() => expect(api.login).toHaveBeenCalled());
    await act(async () => finish({ user: priya, token: 'fresh-token' }));
    expect(await result).toBe(true);
    expect(auth).toMatchObject({ user: priya, token: 'fresh-token', loading: false, error: null });
    expect(stored()).toBe('fresh-token');
  });

  it('shows the server message on failure and removes the token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    const api = fakeApi({
      me: vi.fn(async () => Promise.reject(new ApiError(500, 'down'))),
      login: vi.fn(async () => Promise.reject(new ApiError(401, 'Invalid email or password'))),
    });
    renderAuth(api);
    await waitFor(() => expect(auth.loading).toBe(false));
    await act(async () => {
      expect(await auth.login({ email: 'priya@example.com', password: 'wrong' })).toBe(false);
    });
    expect(auth).toMatchObject({
      user: null,
      token: null,
      loading: false,
      error: 'Invalid email or password',
    });
    expect(stored()).toBeNull();
  });

  it("falls back to 'Login failed' and 'Registration failed' without a server message", async () => {
    const api = fakeApi({
      login: vi.fn(async () =>
        Promise.reject(new ApiError(0, 'Network error. Please check your connection.')),
      ),
      register: vi.fn(async () => Promise.reject(new TypeError('boom'))),
    });
    renderAuth(api);
    await act(async () => {
      await auth.login({ email: 'a@example.com', password: 'secret' });
    });
    expect(auth.error).toBe('Login failed');
    await act(async () => {
      await auth.register({
        email: 'a@example.com',
        password: 'secret',
        username: 'a1',
        fullName: 'A',
        adult: true,
      });
    });
    expect(auth.error).toBe('Registration failed');
  });

  it('clears the error on request', async () => {
    renderAuth(
      fakeApi({ login: vi.fn(async () => Promise.reject(new ApiError(429, 'Too many login attempts'))) }),
    );
    await act(async () => {
      await auth.login({ email: 'a@example.com', password: 'secret' });
    });
    expect(auth.error).toBe('Too many login attempts');
    act(() => auth.clearError());
    expect(auth.error).toBeNull();
  });

  it('derives username and full name for a quick signup, trying a new number when the username is taken', async () => {
    const taken = new ApiError(409, 'This username is already taken.', [
      { path: 'username', message: 'taken' },
    ]);
    const register = vi
      .fn<AuthApi['register']>()
      .mockRejectedValueOnce(taken)
      .mockResolvedValueOnce({ user: priya, token: 'signup-token' });
    const numbers = [0.421, 0.007];
    renderAuth(fakeApi({ register }), () => numbers.shift() ?? 0);
    await act(async () => {
      expect(
        await auth.quickSignup({ email: ' Priya@Example.com', password: 'secret', name: '  ', adult: true }),
      ).toBe(true);
    });
    expect(register.mock.calls.map(([payload]) => payload)).toEqual([
      {
        email: ' Priya@Example.com',
        password: 'secret',
        adult: true,
        username: 'priya421',
        fullName: 'priya421',
      },
      {
        email: ' Priya@Example.com',
        password: 'secret',
        adult: true,
        username: 'priya7',
        fullName: 'priya7',
      },
    ]);
    expect(stored()).toBe('signup-token');
  });
});

describe('logout and expiry', () => {
  it('removes the token and the user and revokes the token on the server', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'saved-token');
    const api = fakeApi();
    renderAuth(api);
    await waitFor(() => expect(auth.user).toEqual(priya));
    act(() => auth.logout());
    expect(auth.user).toBeNull();
    expect(auth.token).toBeNull();
    expect(stored()).toBeNull();
    expect(api.logout).toHaveBeenCalledWith('saved-token');
    expect(screen.getByTestId('state').textContent).toBe('{"user":null,"loading":false}');
  });

  it('signs out when a feature reports that the server refused the token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'saved-token');
    renderAuth(fakeApi());
    await waitFor(() => expect(auth.user).toEqual(priya));
    act(() => {
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    });
    expect(auth.user).toBeNull();
    expect(stored()).toBeNull();
  });
});
