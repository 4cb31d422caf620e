import { useMutation, useQuery } from '@tanstack/react-query';
import type { EmailChanged, EmailChangeLink } from '../../../shared/api/account';
import { ApiError, apiRequest } from '../../api/client';

const linkPath = (token: string) => `/account/email/${encodeURIComponent(token)}`;

/** Decision 0075: the address a new e-mail's link would confirm (reading it changes nothing). */
export function useEmailChangeLink(token: string) {
  return useQuery({
    queryKey: ['email-change', token],
    queryFn: ({ signal }) => apiRequest<EmailChangeLink>(linkPath(token), { signal }),
    enabled: token !== '',
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

/** Decision 0075: confirms the new e-mail; the account signs in with it from then on. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<EmailChanged>(linkPath(token), { method: 'POST' }),
  });
}
