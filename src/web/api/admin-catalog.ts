// The back office's catalogue reads (products, categories), which its catalogue, shop front and
// quote screens all use.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCategoryList, AdminProduct, AdminProductList } from '../../shared/api/admin';
import { adminKeys } from './admin-keys';
import { apiRequest } from './client';

export type ProductFilters = { q?: string; archived: 'true' | 'false' | 'all'; page: number };

export function useAdminProducts(filters: ProductFilters, enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminKeys.products(filters),
    queryFn: ({ signal }) => apiRequest<AdminProductList>('/admin/products', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminProduct(id: number | null) {
  return useQuery({
    queryKey: adminKeys.product(id ?? 0),
    queryFn: ({ signal }) => apiRequest<{ product: AdminProduct }>(`/admin/products/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminCategoryList>('/admin/categories', { signal })).data,
    staleTime: 0,
  });
}
