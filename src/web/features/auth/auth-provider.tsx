import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
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
import { createSharedState, type SharedState, useSharedState } from '../../components/shared-state';
import { type AuthApi, authApi, type PhoneAuthApi, phoneAuthApi } from './auth-api';
import type { QuickSignup, SignIn } from './auth-sign-in';
import { type AuthAction, type AuthState, authReducer, initialAuthState, isRefusedToken } from './auth-state';

export type { QuickSignup } from './auth-sign-in';

type AuthActions = {
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

export type AuthContextValue = AuthState & AuthActions;

/**
 * The session as shared state and the actions, neither of which changes: a signed-in session known
 * after the page has started must not reach the product page's lower sections while their code is
 * on the way (components/shared-state.ts, decision 0083).
 */
const AuthContext = createContext<{ state: SharedState<AuthState>; actions: AuthActions } | null>(null);

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
  const [shared] = useState(() => createSharedState(initialAuthState(readToken())));
  const dispatch = useCallback(
    (action: AuthAction) => shared.set(authReducer(shared.get(), action)),
    [shared],
  );

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
    [api, dispatch],
  );

  // On start: the stored token is checked with /auth/me (SPEC 4).
  useEffect(() => {
    let cancelled = false;
    restore(shared.get().token, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [restore, shared]);

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
  }, [restore, dispatch]);

  // Signing in loads its code (auth-sign-in.ts) with the sign-in forms (preloadSignIn) or the first
  // attempt: most visits never sign in.
  const signIn = useMemo(() => {
    let loaded: Promise<SignIn> | undefined;
    return () =>
      (loaded ??= import('./auth-sign-in').then((module) =>
        module.createSignIn({ dispatch, api, phoneApi, random }),
      ));
  }, [api, phoneApi, random, dispatch]);

  // The actions keep their identity across renders, so components can list them as effect deps.
  // Each says at once that an attempt started, before its code has loaded.
  const login = useCallback(
    async (payload: LoginPayload) => {
      dispatch({ type: 'started' });
      return (await signIn()).login(payload);
    },
    [signIn, dispatch],
  );
  const register = useCallback(
    async (payload: RegisterPayload) => {
      dispatch({ type: 'started' });
      return (await signIn()).register(payload);
    },
    [signIn, dispatch],
  );
  const quickSignup = useCallback(
    async (input: QuickSignup) => {
      dispatch({ type: 'started' });
      return (await signIn()).quickSignup(input);
    },
    [signIn, dispatch],
  );
  const requestCode = phoneApi.requestCode;
  const verifyCode = useCallback(
    async (payload: OtpVerifyPayload) => {
      // The code form shows its own progress: loading would make checkout swap the page (and the
      // modal holding the sent code) for its spinner, losing the number and the code.
      dispatch({ type: 'errorCleared' });
      return (await signIn()).verifyCode(payload);
    },
    [signIn, dispatch],
  );
  const requestAddPhone = phoneApi.requestAddPhone;
  const verifyAddPhone = useCallback(
    async (payload: { phone: string; code: string }) => {
      const user = await phoneApi.verifyAddPhone(payload);
      const token = readToken();
      if (token) dispatch({ type: 'restored', user, token });
    },
    [phoneApi, dispatch],
  );
  const replaceUser = useCallback(
    (user: User) => {
      const token = readToken();
      if (token) dispatch({ type: 'restored', user, token });
    },
    [dispatch],
  );
  const startSession = useCallback(
    (user: User, token: string) => {
      storeToken(token);
      dispatch({ type: 'succeeded', user, token });
    },
    [dispatch],
  );
  const logout = useCallback(() => {
    const token = readToken();
    storeToken(null);
    dispatch({ type: 'signedOut' });
    // Revoking on the server is best effort: the browser has forgotten the token either way.
    if (token) api.logout(token).catch(() => {});
  }, [api, dispatch]);
  const clearError = useCallback(() => dispatch({ type: 'errorCleared' }), [dispatch]);

  const actions = useMemo<AuthActions>(
    () => ({
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

  const value = useMemo(() => ({ state: shared, actions }), [shared, actions]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in forms fetch the code of signing in as they show, so a submit does not wait for it. */
export function preloadSignIn() {
  void import('./auth-sign-in');
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth is used outside <AuthProvider>');
  const state = useSharedState(context.state);
  return useMemo(() => ({ ...state, ...context.actions }), [state, context.actions]);
}
