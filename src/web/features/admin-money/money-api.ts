// The back office's money: the dashboard, the sales register, returns and their refunds, COD remittances.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../shared/api/admin';
import type { CodRemittanceReport } from '../../../shared/api/cod-remittance';
import type { AdminReturnList, ReturnRecord } from '../../../shared/api/returns';
import { adminKeys } from '../../api/admin-keys';
import { apiRequest, downloadFile } from '../../api/client';

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => apiRequest<AdminDashboard>('/admin/dashboard', { signal }),
    staleTime: 0,
  });
}

/** The month's sales register (GSTR-1's tables) as CSV, '2032-03'. */
export const downloadSalesRegister = (month: string) =>
  downloadFile(
    `/admin/reports/sales-register.csv?month=${encodeURIComponent(month)}`,
    `sales-register-${month}.csv`,
  );

export function useAdminReturns(status: string, page: number) {
  return useQuery({
    queryKey: adminKeys.returns(status, page),
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
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
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
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/** Decision 0067: imports the courier's COD remittance report (CSV text), matched by AWB. */
export function useImportCodRemittance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<CodRemittanceReport>('/admin/cod-remittances', { method: 'POST', body: { csv } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}
