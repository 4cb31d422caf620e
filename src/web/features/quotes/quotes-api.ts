import { useQuery } from '@tanstack/react-query';
import { CreateOrderResponse } from '../../../shared/api/payments';
import { type Quote, QuoteResponse } from '../../../shared/api/quotes';
import { ApiError, apiRequest } from '../../api/client';

const quoteKey = (orderId: string) => ['quote', orderId] as const;

/** Issue 13: the signed-in customer's quote; another's (or none) is a 404 from the server. */
export function useQuote(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: quoteKey(orderId),
    queryFn: async (): Promise<Quote> =>
      QuoteResponse.parse(await apiRequest<unknown>(`/quotes/${encodeURIComponent(orderId)}`)).quote,
    enabled,
    // Whether it can still be paid changes on the server (paid, expired).
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

/** The provider's order for the quote, as create-order answers a cart (same window, same verify). */
export const startQuotePayment = async (orderId: string): Promise<CreateOrderResponse> =>
  CreateOrderResponse.parse(
    await apiRequest<unknown>(`/quotes/${encodeURIComponent(orderId)}/payment`, { method: 'POST' }),
  );
