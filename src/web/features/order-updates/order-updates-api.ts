import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutCartLine } from '../../../shared/api/notifications';
import type { AccountConsents, AnalyticsChange, ConsentChange } from '../../../shared/consents';
import { ApiError, apiRequest, parsedAnswer } from '../../api/client';

const schemas = () => import('../../../shared/api/notifications');

/** What an opt-out link stops (reading it changes nothing). */
export function useOptOutLink(token: string) {
  return useQuery({
    queryKey: ['opt-out', token],
    queryFn: () =>
      parsedAnswer(
        schemas().then((module) => module.OptOutAnswer),
        apiRequest('/notifications/opt-out', { query: { token } }),
      ),
    enabled: token !== '',
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

/** Stops the messages the link names. */
export function useOptOut() {
  return useMutation({
    mutationFn: (token: string) =>
      parsedAnswer(
        schemas().then((module) => module.OptOutAnswer),
        apiRequest('/notifications/opt-out', { method: 'POST', body: { token } }),
      ),
  });
}

/** The lines of a cart reminder's link, as they can be bought now. */
export const restoreCart = (token: string) =>
  parsedAnswer(
    schemas().then((module) => module.CartRestoreAnswer),
    apiRequest('/notifications/cart-restore', { method: 'POST', body: { token } }),
  );

/** The signed-in shopper's cart at checkout, kept for a reminder should they leave. */
export const recordCheckoutCart = (lines: CheckoutCartLine[]) =>
  parsedAnswer(
    schemas().then((module) => module.CheckoutCartAnswer),
    apiRequest('/notifications/checkout-cart', { method: 'PUT', body: { lines } }),
  );

export const consentsKey = (userId: number) => ['consents', userId] as const;

/** Decision 0062: the signed-in shopper's consents to messages, each with its state. */
export function useConsents(userId: number | null) {
  return useQuery({
    queryKey: consentsKey(userId ?? 0),
    queryFn: ({ signal }) => apiRequest<AccountConsents>('/notifications/consents', { signal }),
    enabled: userId !== null,
  });
}

/** Decision 0062: gives or withdraws one consent (one tap in the account's Messages section). */
export function useChangeConsent(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ConsentChange) =>
      apiRequest<AccountConsents>('/notifications/consents', { method: 'PUT', body: change }),
    onSuccess: (saved) => client.setQueryData(consentsKey(userId), saved),
  });
}

/**
 * Decision 0075: writes a signed-in shopper's analytics answer (the banner's, or a switch's) to
 * the consent ledger. The browser keeps its own copy, which decides whether gtag loads.
 */
export function useChangeAnalyticsConsent(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AnalyticsChange) =>
      apiRequest<AccountConsents>('/notifications/consents/analytics', { method: 'PUT', body: change }),
    onSuccess: (saved) => {
      if (userId !== null) client.setQueryData(consentsKey(userId), saved);
    },
  });
}
