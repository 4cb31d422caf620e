import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptGiftLinkPayload, GiftLinkView } from '../../../shared/api/gift-links';
import { ApiError, apiRequest } from '../../api/client';

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

/**
 * After delivery, the recipient's thank-you: the note, then its photo when one was chosen. The
 * photo is multipart; the API client speaks JSON only, so that call builds its own request.
 */
export function useThankSender(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ note, photo }: { note: string; photo: File | null }) => {
      const thanked = await apiRequest<GiftLinkView>(`${path(token)}/thanks`, {
        method: 'POST',
        body: { note },
      });
      client.setQueryData(giftLinkKey(token), thanked);
      if (!photo) return thanked;
      const form = new FormData();
      form.append('file', photo);
      const response = await fetch(`/api${path(token)}/thanks/photo`, { method: 'POST', body: form }).catch(
        () => {
          throw new ApiError(0, 'Network error. Please check your connection.');
        },
      );
      const payload = (await response.json().catch(() => null)) as
        | (GiftLinkView & { message?: string })
        | null;
      if (!response.ok || !payload?.thanks) {
        throw new ApiError(response.status, payload?.message ?? 'The photo could not be uploaded');
      }
      return payload;
    },
    onSuccess: (view: GiftLinkView) => client.setQueryData(giftLinkKey(token), view),
  });
}

/** The city and State of a pincode, to fill the address in as Indians type it: pincode first. */
export const placeOfPincode = (pincode: string) =>
  apiRequest<{ city: string; state?: string }>(`/pincodes/city/${encodeURIComponent(pincode)}`);
