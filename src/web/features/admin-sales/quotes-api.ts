import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedQuoteResponse, NewQuoteInput, QuotePreview } from '../../../shared/api/quotes';
import { apiRequest } from '../../api/client';

/** The prices a bulk quote would have, worked out by the server; nothing is stored. */
export function usePreviewQuote() {
  return useMutation({
    mutationFn: (body: NewQuoteInput) =>
      apiRequest<QuotePreview>('/admin/quotes/preview', { method: 'POST', body }),
  });
}

/** Sends the quote: a pending order for the customer and an e-mail with its link (and the link back, to share by phone). */
export function useSendQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewQuoteInput) =>
      apiRequest<CreatedQuoteResponse>('/admin/quotes', { method: 'POST', body }),
    // The quote is an order, and its enquiry is now quoted.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
