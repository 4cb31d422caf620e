import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewReturn, ReturnRecord } from '../../../shared/api/returns';
import { ApiError, apiRequest, readToken } from '../../api/client';

/** A return request from the order page, then its photos one by one. */
export async function requestReturn(
  orderId: string,
  body: NewReturn,
  photos: readonly File[],
): Promise<ReturnRecord> {
  const { return: created } = await apiRequest<{ return: ReturnRecord }>(
    `/orders/${encodeURIComponent(orderId)}/returns`,
    { method: 'POST', body },
  );
  let latest = created;
  for (const photo of photos) latest = await uploadReturnPhoto(created.id, photo);
  return latest;
}

/** Multipart upload: the API client speaks JSON only, so this call builds its own request. */
async function uploadReturnPhoto(returnId: number, file: File): Promise<ReturnRecord> {
  const form = new FormData();
  form.append('file', file);
  const token = readToken();
  const response = await fetch(`/api/returns/${returnId}/photos`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'Network error. Please check your connection.');
  });
  const payload = (await response.json().catch(() => null)) as {
    message?: string;
    return?: ReturnRecord;
  } | null;
  if (!response.ok || !payload?.return) {
    throw new ApiError(response.status, payload?.message ?? 'The photo could not be uploaded');
  }
  return payload.return;
}

/** Decision 0067: what the signed refund details page shows (the amount, and whether details were given). */
export type RefundDetailsPage = { orderNumber: string; amount: number; given: boolean };

/** Decision 0067: where a cash on delivery refund goes: a UPI ID, or a bank account and IFSC. */
export type RefundPayeeInput =
  | { method: 'upi'; vpa: string }
  | { method: 'bank'; holder: string; accountNumber: string; ifsc: string };

export function useRefundDetailsPage(token: string) {
  return useQuery({
    queryKey: ['refund-details', token],
    queryFn: ({ signal }) => apiRequest<RefundDetailsPage>('/refund-details', { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useGiveRefundDetails() {
  return useMutation({
    mutationFn: ({ token, payee }: { token: string; payee: RefundPayeeInput }) =>
      apiRequest<{ received: boolean }>('/refund-details', { method: 'POST', body: { token, payee } }),
  });
}
