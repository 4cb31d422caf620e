// The back office's catalogue: saving products and their photos, the product CSV, categories.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategory,
  AdminCategoryChanges,
  AdminProduct,
  AdminProductChanges,
  ImportPreview,
  ImportReport,
  NewAdminCategory,
  NewAdminProduct,
} from '../../../shared/api/admin';
import { adminKeys } from '../../api/admin-keys';
import { ApiError, apiRequest, downloadFile, readToken } from '../../api/client';

export function useSaveProduct(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAdminProduct | AdminProductChanges) =>
      apiRequest<{ product: AdminProduct }>(id === null ? '/admin/products' : `/admin/products/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: ({ product }) => {
      client.setQueryData(adminKeys.product(product.id), { product });
      void client.invalidateQueries({ queryKey: ['admin', 'products'] });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/**
 * A photo for the product form, stored before the product is saved (multipart: the API client
 * speaks JSON only, so this one call builds its own request). Answers the photo's path.
 */
export async function uploadProductPhoto(file: File): Promise<{ image: string }> {
  const form = new FormData();
  form.append('file', file);
  const token = readToken();
  let response: Response;
  try {
    response = await fetch('/api/admin/product-images', {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection.');
  }
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new ApiError(response.status, payload?.message ?? 'The upload failed');
  return payload as { image: string };
}

export const downloadProductsCsv = () => downloadFile('/admin/products/export.csv', 'products.csv');

/** Sends a CSV file's text to an import route; answers its JSON, or throws its message. */
async function postCsv<T>(path: string, text: string): Promise<T> {
  const token = readToken();
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    body: text,
    headers: { 'content-type': 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => {
    throw new ApiError(0, 'Network error. Please check your connection.');
  });
  const payload = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok) throw new ApiError(response.status, payload?.message ?? 'The import failed');
  return payload as T;
}

/** Decision 0077: what a CSV file would change, row by row; nothing is written. */
export function usePreviewProductImport() {
  return useMutation({
    mutationFn: (text: string) => postCsv<ImportPreview>('/admin/products/import/preview', text),
  });
}

export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postCsv<ImportReport>('/admin/products/import', text),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'products'] }),
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NewAdminCategory | AdminCategoryChanges }) =>
      apiRequest<{ category: AdminCategory }>(id === null ? '/admin/categories' : `/admin/categories/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.categories }),
  });
}
