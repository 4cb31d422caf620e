import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChooseReplacementPayload,
  ConfirmContributionPayload,
  ConfirmContributionResponse,
  ContributePayload,
  ContributeResponse,
  GroupGiftView,
  OpenGroupGiftInput,
  OpenGroupGiftResponse,
  ReplacementGiftList,
} from '../../../shared/api/group-gifts';
import { ApiError, apiRequest } from '../../api/client';

// Decision 0084: a group gift's calls. The pool's token opens its page; chipping in needs a
// sign-in by mobile number and one-time code.

/** What a group gift's screens say of a failed call: the server's words, or a plain retry. */
export const groupGiftErrorOf = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

const groupGiftKey = (token: string) => ['group-gift', token] as const;
const path = (token: string) => `/group-gifts/${encodeURIComponent(token)}`;

export function useGroupGift(token: string) {
  return useQuery({
    queryKey: groupGiftKey(token),
    queryFn: ({ signal }) => apiRequest<GroupGiftView>(path(token), { signal }),
    retry: false,
  });
}

export const openGroupGift = (body: OpenGroupGiftInput) =>
  apiRequest<OpenGroupGiftResponse>('/group-gifts', { method: 'POST', body });

export const startShare = (token: string, body: ContributePayload) =>
  apiRequest<ContributeResponse>(`${path(token)}/contributions`, { method: 'POST', body });

export const confirmShare = (token: string, contributionId: number, body: ConfirmContributionPayload) =>
  apiRequest<ConfirmContributionResponse>(`${path(token)}/contributions/${contributionId}/verify`, {
    method: 'POST',
    body,
  });

/** The organiser closes the pool: every share is refunded. */
export function useCloseGroupGift(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<GroupGiftView>(`${path(token)}/close`, { method: 'POST' }),
    onSuccess: (view) => client.setQueryData(groupGiftKey(token), view),
  });
}

/** The organiser's other gifts for a pool met as its gift sold out (decision 0084). */
export function useReplacementGifts(token: string) {
  return useQuery({
    queryKey: [...groupGiftKey(token), 'replacements'],
    queryFn: ({ signal }) => apiRequest<ReplacementGiftList>(`${path(token)}/replacements`, { signal }),
    retry: false,
  });
}

/** The organiser orders another gift instead; the surplus goes back to the friends. */
export function useChooseReplacement(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChooseReplacementPayload) =>
      apiRequest<GroupGiftView>(`${path(token)}/replacement`, { method: 'POST', body }),
    onSuccess: (view) => client.setQueryData(groupGiftKey(token), view),
  });
}

/** Puts the page's answer in place after a share is confirmed. */
export function useShowPool(token: string) {
  const client = useQueryClient();
  return (view: GroupGiftView) => client.setQueryData(groupGiftKey(token), view);
}

/** The WhatsApp share link: the pool's page and a line to go with it. */
export const whatsAppShareLink = (pageUrl: string, recipientName: string) =>
  `https://wa.me/?text=${encodeURIComponent(`Let's chip in together for ${recipientName}'s gift: ${pageUrl}`)}`;
