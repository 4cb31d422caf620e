// The back office's orders: lists, one order, its address, lines and status, its documents.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressForm } from '../../../shared/address';
import type { AdminOrderDetail, AdminOrderList } from '../../../shared/api/admin';
import type { CreditNoteList } from '../../../shared/api/invoices';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { adminKeys } from '../../api/admin-keys';
import { apiRequest, downloadFile, invoiceFileName } from '../../api/client';

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

export function useAdminOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: adminKeys.orders(filters),
    queryFn: ({ signal }) => apiRequest<AdminOrderList>('/admin/orders', { query: filters, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: adminKeys.order(id),
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
      client.setQueryData(adminKeys.order(id), detail);
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
      client.setQueryData(adminKeys.order(id), detail);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
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
      client.setQueryData(adminKeys.order(id), detail);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/** GST credit notes of an order (one per refund); refetched with the order's own queries. */
export function useCreditNotes(orderId: string) {
  return useQuery({
    queryKey: [...adminKeys.order(orderId), 'credit-notes'],
    queryFn: ({ signal }) =>
      apiRequest<CreditNoteList>(`/admin/orders/${encodeURIComponent(orderId)}/credit-notes`, { signal }),
    staleTime: 0,
  });
}

export const downloadCreditNote = (id: number, number: string) =>
  downloadFile(`/admin/credit-notes/${id}/pdf`, `credit-note-${number.replaceAll('/', '-')}.pdf`);

/** Decision 0080: the order's packing slip as the print jobs lay it out, the photo on it. */
export const downloadPackingSlip = (orderId: string, orderNumber: string) =>
  downloadFile(
    `/admin/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`,
    `packing-slip-${orderNumber}.pdf`,
  );

export const downloadAdminInvoice = (orderId: string, invoiceNumber: string) =>
  downloadFile(`/admin/orders/${encodeURIComponent(orderId)}/invoice.pdf`, invoiceFileName(invoiceNumber));
