import type { User } from '../../../shared/api/auth';
import { ApiError } from '../../api/client';

/** SPEC 3 "Auth state". */
export type AuthState = {
  user: User | null;
  token: string | null;
  loading: boolean;
  error: string | null;
};

export type AuthAction =
  | { type: 'restored'; user: User; token: string }
  | { type: 'restoreFailed' }
  | { type: 'signedOut' }
  | { type: 'started' }
  | { type: 'succeeded'; user: User; token: string }
  | { type: 'failed'; error: string }
  | { type: 'errorCleared' };

/** SPEC 4 "Auth": starts loading with the stored token; /auth/me settles it. */
export const initialAuthState = (token: string | null): AuthState => ({
  user: null,
  token,
  loading: true,
  error: null,
});

/**
 * The account as an answer without a session in hand gives it (a verified phone, a corrected name):
 * whether it is returning (decision 0069) stays as the session said.
 */
const keptReturning = (before: User | null, after: User): User =>
  after.returning === undefined && before?.id === after.id && before.returning !== undefined
    ? { ...after, returning: before.returning }
    : after;

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'restored':
      return { ...state, user: keptReturning(state.user, action.user), token: action.token, loading: false };
    // Any failure other than 401/403 only stops loading: the token stays for the next visit.
    case 'restoreFailed':
      return { ...state, loading: false };
    case 'signedOut':
      return { user: null, token: null, loading: false, error: null };
    case 'started':
      return { ...state, loading: true, error: null };
    case 'succeeded':
      return { user: action.user, token: action.token, loading: false, error: null };
    case 'failed':
      return { user: null, token: null, loading: false, error: action.error };
    case 'errorCleared':
      return { ...state, error: null };
  }
}

/** SPEC 4: /auth/me answering 401 or 403 logs out. */
export const isRefusedToken = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** SPEC 8: the server's message, else the fallback ('Login failed' / 'Registration failed'). */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return fallback;
}

/** A 409 whose `errors` name the username: a quick signup picks another random number. */
export const isUsernameTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.errors.some((item) => item.path === 'username');
