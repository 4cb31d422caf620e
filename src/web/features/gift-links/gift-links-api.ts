import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptGiftLinkPayload, GiftLinkView } from '../../../shared/api/gift-links';
import { apiRequest } from '../../api/client';

// Decision 0081: the recipient's page's calls. The link's token is all it sends: no account.

const giftLinkKey = (token: string) => ['gift-link', token] as const;
const path = (token: string) => `/gift-links/${encodeURIComponent(token)}`;

export function useGiftLink(token: string) {
  return useQuery({
    queryKey: giftLinkKey(token),
    queryFn: ({ signal }) => apiRequest<GiftLinkView>(path(token), { signal }),
    retry: false,
  });
}

export function useAnswerGiftLink(token: string) {
  const client = useQueryClient();
  const onSuccess = (view: GiftLinkView) => client.setQueryData(giftLinkKey(token), view);
  return {
    accept: useMutation({
      mutationFn: (body: AcceptGiftLinkPayload) =>
        apiRequest<GiftLinkView>(`${path(token)}/accept`, { method: 'POST', body }),
      onSuccess,
    }),
    decline: useMutation({
      mutationFn: () => apiRequest<GiftLinkView>(`${path(token)}/decline`, { method: 'POST' }),
      onSuccess,
    }),
  };
}

/** The city and State of a pincode, to fill the address in as Indians type it: pincode first. */
export const placeOfPincode = (pincode: string) =>
  apiRequest<{ city: string; state?: string }>(`/pincodes/city/${encodeURIComponent(pincode)}`);
