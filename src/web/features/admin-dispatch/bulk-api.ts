import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkStatusChange, BulkStatusResponse, OrderSelection } from '../../../shared/api/admin-bulk';
import { ApiError, apiRequest, readToken } from '../../api/client';

export function useBulkStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderSelection & Pick<BulkStatusChange, 'status' | 'note'>) =>
      apiRequest<BulkStatusResponse>('/admin/orders/bulk/status', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Where a long PDF is: laid out on the server, then coming down (bytes of the whole). */
export type PdfProgress = { phase: 'preparing' } | { phase: 'downloading'; received: number; total: number };

/**
 * A PDF the server makes of the chosen orders, saved as a download. The API client speaks JSON
 * only, so this call reads the body itself to report how much has arrived. Answers the response's
 * headers (a labels PDF names the orders it left out).
 */
export async function downloadPdf(
  path: string,
  /** What the PDF is of (POSTed), or null for a PDF the server keeps (a GET). */
  selection: OrderSelection | null,
  fallbackName: string,
  onProgress: (progress: PdfProgress) => void,
): Promise<Headers> {
  const token = readToken();
  onProgress({ phase: 'preparing' });
  const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response = await fetch(
    `/api${path}`,
    selection
      ? {
          method: 'POST',
          body: JSON.stringify(selection),
          headers: { 'content-type': 'application/json', ...authorization },
        }
      : { headers: authorization },
  ).catch(() => {
    throw new ApiError(0, 'Network error. Please check your connection.');
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? 'The PDF could not be made. Please try again.');
  }
  const total = Number(response.headers.get('content-length') ?? 0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    received += read.value.byteLength;
    onProgress({ phase: 'downloading', received, total });
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return response.headers;
}
