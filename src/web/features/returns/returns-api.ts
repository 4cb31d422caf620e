import type { NewReturn, ReturnRecord } from '../../../shared/api/returns';
import { ApiError, apiRequest, readToken } from '../../api/client';

/** Issue 14: a return request from the order page, then its photos one by one. */
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
