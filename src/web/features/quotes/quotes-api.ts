import { useQuery } from '@tanstack/react-query';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import type { Quote } from '../../../shared/api/quotes';
import { ApiError, apiRequest, parsedAnswer } from '../../api/client';

const quoteKey = (orderId: string, signedIn: boolean) => ['quote', orderId, signedIn] as const;
const keyQuery = (key: string | null) => (key ? `?key=${encodeURIComponent(key)}` : '');

/**
 * The quote behind a link: for its customer, or anyone holding the link's key (an
 * enquirer without an account yet); anyone else gets a 404 from the server.
 */
export function useQuote(orderId: string, key: string | null, signedIn: boolean, enabled: boolean) {
  return useQuery({
    queryKey: quoteKey(orderId, signedIn),
    // The schema (and Zod) loads with the first answer, not with the page (docs/performance.md).
    queryFn: async (): Promise<Quote> =>
      (
        await parsedAnswer(
          import('../../../shared/api/quotes').then((schemas) => schemas.QuoteResponse),
          apiRequest<unknown>(`/quotes/${encodeURIComponent(orderId)}${keyQuery(key)}`),
        )
      ).quote,
    enabled,
    // Whether it can still be paid changes on the server (paid, expired).
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

/** The provider's order for the quote, as create-order answers a cart (same window, same verify). */
export const startQuotePayment = (orderId: string, key: string | null): Promise<CreateOrderResponse> =>
  parsedAnswer(
    import('../../../shared/api/payments').then((schemas) => schemas.CreateOrderResponse),
    apiRequest<unknown>(`/quotes/${encodeURIComponent(orderId)}/payment${keyQuery(key)}`, {
      method: 'POST',
    }),
  );
