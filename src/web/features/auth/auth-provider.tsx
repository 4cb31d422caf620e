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
  User,
} from '../../../shared/api/auth';
import { SESSION_EXPIRED_EVENT } from '../../../shared/auth-rules';
import { readToken, storeToken, TOKEN_STORAGE_KEY } from '../../api/client';
import { type AuthApi, authApi, type PhoneAuthApi, phoneAuthApi } from './auth-api';
import type { QuickSignup, SignIn } from './auth-sign-in';
import { type AuthState, authReducer, initialAuthState, isRefusedToken } from './auth-state';

export type { QuickSignup } from './auth-sign-in';

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
  /** Decision 0063: the account as the server answers it after a correction (its name). */
  replaceUser(user: User): void;
  /** A session the server opened another way (joining the staff by its invitation). */
  startSession(user: User, token: string): void;
  logout(): void;
  clearError(): void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

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
        // page that has just started stays responsive (total blocking time).
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

  // Signing in loads its code (auth-sign-in.ts) with the sign-in forms (preloadSignIn) or the first
  // attempt: most visits never sign in.
  const signIn = useMemo(() => {
    let loaded: Promise<SignIn> | undefined;
    return () =>
      (loaded ??= import('./auth-sign-in').then((module) =>
        module.createSignIn({ dispatch, api, phoneApi, random }),
      ));
  }, [api, phoneApi, random]);

  // The actions keep their identity across renders, so components can list them as effect deps.
  // Each says at once that an attempt started, before its code has loaded.
  const login = useCallback(
    async (payload: LoginPayload) => {
      dispatch({ type: 'started' });
      return (await signIn()).login(payload);
    },
    [signIn],
  );
  const register = useCallback(
    async (payload: RegisterPayload) => {
      dispatch({ type: 'started' });
      return (await signIn()).register(payload);
    },
    [signIn],
  );
  const quickSignup = useCallback(
    async (input: QuickSignup) => {
      dispatch({ type: 'started' });
      return (await signIn()).quickSignup(input);
    },
    [signIn],
  );
  const requestCode = phoneApi.requestCode;
  const verifyCode = useCallback(
    async (payload: OtpVerifyPayload) => {
      // The code form shows its own progress: loading would make checkout swap the page (and the
      // modal holding the sent code) for its spinner, losing the number and the code.
      dispatch({ type: 'errorCleared' });
      return (await signIn()).verifyCode(payload);
    },
    [signIn],
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
  const replaceUser = useCallback((user: User) => {
    const token = readToken();
    if (token) dispatch({ type: 'restored', user, token });
  }, []);
  const startSession = useCallback((user: User, token: string) => {
    storeToken(token);
    dispatch({ type: 'succeeded', user, token });
  }, []);
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
      replaceUser,
      startSession,
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
      replaceUser,
      startSession,
      logout,
      clearError,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in forms fetch the code of signing in as they show, so a submit does not wait for it. */
export function preloadSignIn() {
  void import('./auth-sign-in');
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth is used outside <AuthProvider>');
  return value;
}
