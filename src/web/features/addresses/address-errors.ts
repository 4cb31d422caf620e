import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SESSION_EXPIRED_EVENT } from '../../../shared/auth-rules';
import { ApiError, TOKEN_STORAGE_KEY } from '../../api/client';

/** SPEC 8 "Address" messages, written once here for the checkout page and the modal. */
export const ADDRESS_MESSAGES = {
  loadFailed: 'Error loading saved addresses',
  saveFailed: (detail: string) => `Failed to save address: ${detail}`,
  saveFailedRetry: 'Failed to save address. Please try again.',
  loginToSave: 'Please log in to save addresses',
  sessionExpired: 'Session expired. Please login again.',
} as const;

/** SPEC 8 service errors: the server's message, 401, no response, anything else. */
export function addressErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred';
  if (error.status === 401) return ADDRESS_MESSAGES.sessionExpired;
  if (error.status === 0) return 'Network error. Please check your connection.';
  return error.message || 'An error occurred';
}

export const isSessionExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * SPEC 6: a 401 from an address call removes the token and sends the shopper to /login, which
 * brings them back here afterwards. Answers true when it handled the error.
 */
export function useSessionExpiry() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown): boolean => {
      if (!isSessionExpired(error)) return false;
      try {
        localStorage.removeItem(TOKEN_STORAGE_KEY);
      } catch {
        // Storage unavailable: nothing was stored either.
      }
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      navigate('/login', {
        state: {
          from: { pathname: location.pathname, search: location.search, hash: location.hash },
          message: ADDRESS_MESSAGES.sessionExpired,
        },
      });
      return true;
    },
    [navigate, location.pathname, location.search, location.hash],
  );
}
