import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
} from 'react';
import type {
  LoginPayload,
  OtpRequestPayload,
  OtpRequestResponse,
  OtpVerifyPayload,
  RegisterPayload,
} from '../../../shared/api/auth';
import { deriveSignupIdentity, SESSION_EXPIRED_EVENT } from '../../../shared/auth-rules';
import { readToken, TOKEN_STORAGE_KEY } from '../../api/client';
import { type AuthApi, authApi, type PhoneAuthApi, phoneAuthApi } from './auth-api';
import {
  type AuthState,
  authReducer,
  failureMessage,
  initialAuthState,
  isRefusedToken,
  isUsernameTaken,
} from './auth-state';

export type QuickSignup = { email: string; password: string; name: string };

export type AuthContextValue = AuthState & {
  /** Resolves true when signed in; on failure the message is in `error`. */
  login(payload: LoginPayload): Promise<boolean>;
  register(payload: RegisterPayload): Promise<boolean>;
  /** The modal's signup: username and fullName derived as SPEC 5 says. */
  quickSignup(input: QuickSignup): Promise<boolean>;
  /** Sends a one-time code to a mobile number; throws ApiError (429, 400) for the form to show. */
  requestCode(payload: OtpRequestPayload): Promise<OtpRequestResponse>;
  /** Signs in (or up) with the code; false with the message in `error` when refused. */
  verifyCode(payload: OtpVerifyPayload): Promise<boolean>;
  /** Adding a verified number to the signed-in account; both throw ApiError for the form. */
  requestAddPhone(payload: OtpRequestPayload): Promise<OtpRequestResponse>;
  verifyAddPhone(payload: { phone: string; code: string }): Promise<void>;
  logout(): void;
  clearError(): void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

// A derived username can collide with an existing one; a new random number is tried a few times.
const QUICK_SIGNUP_TRIES = 3;

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts for this page only.
  }
}

/** SPEC 4 "Auth" state for the whole app, with the calls injectable for tests. */
export function AuthProvider({
  children,
  api = authApi,
  phoneApi = phoneAuthApi,
  random = Math.random,
}: {
  children: ReactNode;
  api?: AuthApi;
  phoneApi?: PhoneAuthApi;
  random?: () => number;
}) {
  const [state, dispatch] = useReducer(authReducer, null, () => initialAuthState(readToken()));

  const restore = useCallback(
    (token: string | null, isCancelled: () => boolean) => {
      if (!token) {
        // Every page reads the session: as a transition, React re-renders them in slices, so a
        // page that has just started stays responsive (issue 6: total blocking time).
        startTransition(() => dispatch({ type: 'signedOut' }));
        return;
      }
      // An answer about a token that is no longer the stored one (the shopper signed in or out
      // meanwhile) changes nothing.
      const stale = () => isCancelled() || readToken() !== token;
      api.me().then(
        (user) => {
          if (!stale()) dispatch({ type: 'restored', user, token });
        },
        (error: unknown) => {
          if (stale()) return;
          if (isRefusedToken(error)) {
            storeToken(null);
            dispatch({ type: 'signedOut' });
          } else {
            dispatch({ type: 'restoreFailed' });
          }
        },
      );
    },
    [api],
  );

  // On start: the stored token is checked with /auth/me (SPEC 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the token read at start
  useEffect(() => {
    let cancelled = false;
    restore(state.token, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [restore]);

  // A feature that got 401 for the stored token (SPEC 6), or another tab that signed in or out.
  useEffect(() => {
    let cancelled = false;
    const onExpired = () => {
      storeToken(null);
      dispatch({ type: 'signedOut' });
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) restore(readToken(), () => cancelled);
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener('storage', onStorage);
    };
  }, [restore]);

  const signIn = useCallback(
    async (
      call: () => Promise<{ user: AuthState['user']; token: string }>,
      fallback: string,
      // The code form shows its own progress: loading would make checkout swap the page (and the
      // modal holding the sent code) for its spinner, losing the number and the code.
      { keepPage = false } = {},
    ) => {
      dispatch({ type: keepPage ? 'errorCleared' : 'started' });
      try {
        const { user, token } = await call();
        if (!user) throw new Error('The server answered without a user');
        storeToken(token);
        dispatch({ type: 'succeeded', user, token });
        return true;
      } catch (error) {
        storeToken(null);
        dispatch({ type: 'failed', error: failureMessage(error, fallback) });
        return false;
      }
    },
    [],
  );

  // The actions keep their identity across renders, so components can list them as effect deps.
  const login = useCallback(
    (payload: LoginPayload) => signIn(() => api.login(payload), 'Login failed'),
    [api, signIn],
  );
  const register = useCallback(
    (payload: RegisterPayload) => signIn(() => api.register(payload), 'Registration failed'),
    [api, signIn],
  );
  const quickSignup = useCallback(
    ({ email, password, name }: QuickSignup) =>
      signIn(async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await api.register({ email, password, ...deriveSignupIdentity(email, name, random) });
          } catch (error) {
            if (!isUsernameTaken(error) || attempt >= QUICK_SIGNUP_TRIES) throw error;
          }
        }
      }, 'Registration failed'),
    [api, random, signIn],
  );
  const requestCode = phoneApi.requestCode;
  const verifyCode = useCallback(
    (payload: OtpVerifyPayload) =>
      signIn(() => phoneApi.verifyCode(payload), 'Sign-in failed', { keepPage: true }),
    [phoneApi, signIn],
  );
  const requestAddPhone = phoneApi.requestAddPhone;
  const verifyAddPhone = useCallback(
    async (payload: { phone: string; code: string }) => {
      const user = await phoneApi.verifyAddPhone(payload);
      const token = readToken();
      if (token) dispatch({ type: 'restored', user, token });
    },
    [phoneApi],
  );
  const logout = useCallback(() => {
    const token = readToken();
    storeToken(null);
    dispatch({ type: 'signedOut' });
    // Revoking on the server is best effort: the browser has forgotten the token either way.
    if (token) api.logout(token).catch(() => {});
  }, [api]);
  const clearError = useCallback(() => dispatch({ type: 'errorCleared' }), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login,
      register,
      quickSignup,
      requestCode,
      verifyCode,
      requestAddPhone,
      verifyAddPhone,
      logout,
      clearError,
    }),
    [
      state,
      login,
      register,
      quickSignup,
      requestCode,
      verifyCode,
      requestAddPhone,
      verifyAddPhone,
      logout,
      clearError,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth is used outside <AuthProvider>');
  return value;
}
