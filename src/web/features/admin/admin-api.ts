import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressForm } from '../../../shared/address';
import type {
  AdminCategory,
  AdminCategoryChanges,
  AdminCategoryList,
  AdminCollection,
  AdminCollectionChanges,
  AdminCollectionList,
  AdminDashboard,
  AdminJobs,
  AdminOrderDetail,
  AdminOrderList,
  AdminOutbox,
  AdminProduct,
  AdminProductChanges,
  AdminProductList,
  ImportPreview,
  ImportReport,
  NewAdminCategory,
  NewAdminCollection,
  NewAdminProduct,
} from '../../../shared/api/admin';
import type { CodRemittanceReport } from '../../../shared/api/cod-remittance';
import type {
  AdminCoupon,
  AdminCouponChanges,
  AdminCouponList,
  NewAdminCouponInput,
} from '../../../shared/api/coupons';
import type { CreditNoteList } from '../../../shared/api/invoices';
import type { AdminMessages } from '../../../shared/api/messaging';
import type { AdminNotifications } from '../../../shared/api/notifications';
import type { AdminReturnList, ReturnRecord } from '../../../shared/api/returns';
import type { AdminReviewList } from '../../../shared/api/reviews';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { ApiError, apiRequest, downloadFile, invoiceFileName, readToken } from '../../api/client';

export type OrderFilters = {
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  deliveryFrom?: string;
  deliveryTo?: string;
  slot?: string;
  sort?: string;
  queue?: string;
  /** Decision 0067: 'cod' or 'online'. */
  payment?: string;
  /** Decision 0090: the orders of one gift batch, paid together. */
  batch?: string;
  page: number;
};
export type ProductFilters = { q?: string; archived: 'true' | 'false' | 'all'; page: number };

const keys = {
  all: ['admin'] as const,
  orders: (filters: OrderFilters) => ['admin', 'orders', filters] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  products: (filters: ProductFilters) => ['admin', 'products', filters] as const,
  product: (id: number) => ['admin', 'product', id] as const,
  categories: ['admin', 'categories'] as const,
  collections: ['admin', 'collections'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  outbox: (page: number) => ['admin', 'outbox', page] as const,
  messages: (page: number) => ['admin', 'messages', page] as const,
  jobs: ['admin', 'jobs'] as const,
  coupons: ['admin', 'coupons'] as const,
  reviews: (page: number) => ['admin', 'reviews', page] as const,
  returns: (status: string, page: number) => ['admin', 'returns', status, page] as const,
};

export function useDashboard() {
  return useQuery({
    queryKey: keys.dashboard,
    queryFn: ({ signal }) => apiRequest<AdminDashboard>('/admin/dashboard', { signal }),
    staleTime: 0,
  });
}

export function useAdminOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: keys.orders(filters),
    queryFn: ({ signal }) => apiRequest<AdminOrderList>('/admin/orders', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: keys.order(id),
    queryFn: ({ signal }) =>
      apiRequest<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

/** Decision 0066: the owner changes an order's delivery address and phone until it is booked. */
export function useChangeAdminOrderAddress(id: string) {
  const client = useQueryClient();
  return useMutation({
    // Decision 0085: a 202 carries the change waiting for the customer's payment.
    mutationFn: (change: { address: AddressForm; delivery?: DeliveryChoice }) =>
      apiRequest<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}/address`, {
        method: 'PUT',
        body: change,
      }),
    onSuccess: (detail) => {
      client.setQueryData(keys.order(id), detail);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** Decision 0078: the owner removes a line before dispatch; its part is refunded. */
export function useRemoveOrderLine(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number) =>
      apiRequest<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}/items/${lineId}`, {
        method: 'DELETE',
      }),
    onSuccess: (detail) => {
      client.setQueryData(keys.order(id), detail);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: keys.dashboard });
    },
  });
}

export function useChangeOrderStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: string; note: string; noteToCustomer: boolean }) =>
      apiRequest<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}/status`, {
        method: 'POST',
        body,
      }),
    onSuccess: (detail) => {
      client.setQueryData(keys.order(id), detail);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: keys.dashboard });
    },
  });
}

export function useAdminProducts(filters: ProductFilters, enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.products(filters),
    queryFn: ({ signal }) => apiRequest<AdminProductList>('/admin/products', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminProduct(id: number | null) {
  return useQuery({
    queryKey: keys.product(id ?? 0),
    queryFn: ({ signal }) => apiRequest<{ product: AdminProduct }>(`/admin/products/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveProduct(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAdminProduct | AdminProductChanges) =>
      apiRequest<{ product: AdminProduct }>(id === null ? '/admin/products' : `/admin/products/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: ({ product }) => {
      client.setQueryData(keys.product(product.id), { product });
      void client.invalidateQueries({ queryKey: ['admin', 'products'] });
      void client.invalidateQueries({ queryKey: keys.dashboard });
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

/** GST credit notes of an order (one per refund); refetched with the order's own queries. */
export function useCreditNotes(orderId: string) {
  return useQuery({
    queryKey: [...keys.order(orderId), 'credit-notes'],
    queryFn: ({ signal }) =>
      apiRequest<CreditNoteList>(`/admin/orders/${encodeURIComponent(orderId)}/credit-notes`, { signal }),
    staleTime: 0,
  });
}

export const downloadCreditNote = (id: number, number: string) =>
  downloadFile(`/admin/credit-notes/${id}/pdf`, `credit-note-${number.replaceAll('/', '-')}.pdf`);

/** The month's sales register (GSTR-1's tables) as CSV, '2032-03'. */
export const downloadSalesRegister = (month: string) =>
  downloadFile(
    `/admin/reports/sales-register.csv?month=${encodeURIComponent(month)}`,
    `sales-register-${month}.csv`,
  );

/** Decision 0080: the order's packing slip as the print jobs lay it out, the photo on it. */
export const downloadPackingSlip = (orderId: string, orderNumber: string) =>
  downloadFile(
    `/admin/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`,
    `packing-slip-${orderNumber}.pdf`,
  );

export const downloadAdminInvoice = (orderId: string, invoiceNumber: string) =>
  downloadFile(`/admin/orders/${encodeURIComponent(orderId)}/invoice.pdf`, invoiceFileName(invoiceNumber));

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

export function useAdminCategories() {
  return useQuery({
    queryKey: keys.categories,
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminCategoryList>('/admin/categories', { signal })).data,
    staleTime: 0,
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
    onSuccess: () => client.invalidateQueries({ queryKey: keys.categories }),
  });
}

export function useAdminCollections() {
  return useQuery({
    queryKey: keys.collections,
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminCollectionList>('/admin/collections', { signal })).data,
    staleTime: 0,
  });
}

/** Decision 0077: a collection goes; its products stay. */
export function useDeleteCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/admin/collections/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.collections }),
  });
}

export function useSaveCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NewAdminCollection | AdminCollectionChanges }) =>
      apiRequest<{ collection: AdminCollection }>(
        id === null ? '/admin/collections' : `/admin/collections/${id}`,
        {
          method: id === null ? 'POST' : 'PATCH',
          body,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.collections }),
  });
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: keys.outbox(page),
    queryFn: ({ signal }) => apiRequest<AdminOutbox>('/admin/outbox', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** What the WhatsApp and SMS sandboxes sent, refreshed while the page is open (statuses move). */
export function useMessages(page: number) {
  return useQuery({
    queryKey: keys.messages(page),
    queryFn: ({ signal }) => apiRequest<AdminMessages>('/admin/messages', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 5000,
  });
}

/** Background job queues, refreshed every 15 seconds while the page is open. */
export function useJobs() {
  return useQuery({
    queryKey: keys.jobs,
    queryFn: ({ signal }) => apiRequest<AdminJobs>('/admin/jobs', { signal }),
    refetchInterval: 15_000,
    staleTime: 0,
  });
}

export function useAdminCoupons() {
  return useQuery({
    queryKey: keys.coupons,
    queryFn: async ({ signal }) => (await apiRequest<AdminCouponList>('/admin/coupons', { signal })).data,
    staleTime: 0,
  });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NewAdminCouponInput | AdminCouponChanges }) =>
      apiRequest<{ coupon: AdminCoupon }>(id === null ? '/admin/coupons' : `/admin/coupons/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.coupons }),
  });
}

/** Decision 0077: every term of a coupon no order has used. */
export function useEditCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NewAdminCouponInput }) =>
      apiRequest<{ coupon: AdminCoupon }>(`/admin/coupons/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.coupons }),
  });
}

/** Decision 0077: a used coupon off for good. */
export function useRetireCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ coupon: AdminCoupon }>(`/admin/coupons/${id}/retire`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.coupons }),
  });
}

export function useAdminReviews(page: number) {
  return useQuery({
    queryKey: keys.reviews(page),
    queryFn: ({ signal }) => apiRequest<AdminReviewList>('/admin/reviews', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useHideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      apiRequest<void>(`/admin/reviews/${id}`, { method: 'PATCH', body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}

export function useAdminReturns(status: string, page: number) {
  return useQuery({
    queryKey: keys.returns(status, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminReturnList>('/admin/returns', { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDecideReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      note,
    }: {
      id: number;
      /** Decision 0066: 'received' marks the items back and checked. */
      decision: 'approve' | 'reject' | 'received';
      note: string;
    }) =>
      apiRequest<{ return: ReturnRecord }>(`/admin/returns/${id}/${decision}`, {
        method: 'POST',
        body: { note },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'returns'] });
      void client.invalidateQueries({ queryKey: ['admin', 'order'] });
      void client.invalidateQueries({ queryKey: keys.dashboard });
    },
  });
}

/** Decision 0043: a cash on delivery order's refund, sent by UPI or bank transfer, with its reference. */
export function useMarkRefundPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: number; reference: string }) =>
      apiRequest<{ return: ReturnRecord }>(`/admin/returns/${id}/refund-paid`, {
        method: 'POST',
        body: { reference },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'returns'] });
      void client.invalidateQueries({ queryKey: ['admin', 'order'] });
      void client.invalidateQueries({ queryKey: keys.dashboard });
    },
  });
}

/** A readable message for a failed call. */
export const errorMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

/** The WhatsApp and SMS outbox (status, attempts, last error), newest first. */
export function useNotificationOutbox(page: number) {
  return useQuery({
    queryKey: ['admin', 'notifications', page] as const,
    queryFn: ({ signal }) =>
      apiRequest<AdminNotifications>('/admin/notifications', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Decision 0067: imports the courier's COD remittance report (CSV text), matched by AWB. */
export function useImportCodRemittance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<CodRemittanceReport>('/admin/cod-remittances', { method: 'POST', body: { csv } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.dashboard });
    },
  });
}
