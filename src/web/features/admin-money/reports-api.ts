import { skipToken, useQuery } from '@tanstack/react-query';
import type { SalesReport, SalesReportKind } from '../../../shared/api/admin-reports';
import { apiRequest, downloadFile } from '../../api/client';

export type ReportRequest = { report: SalesReportKind; from: string; to: string };

const reportPath = ({ report, from, to }: ReportRequest, suffix = '') =>
  `/admin/reports/${report}${suffix}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Decision 0076: one report over a range of India-time days; nothing is asked before Show. */
export function useSalesReport(request: ReportRequest | null) {
  return useQuery({
    queryKey: ['admin', 'reports', request] as const,
    queryFn: request ? ({ signal }) => apiRequest<SalesReport>(reportPath(request), { signal }) : skipToken,
  });
}

export const downloadSalesReport = (request: ReportRequest) =>
  downloadFile(reportPath(request, '/csv'), `${request.report}-${request.from}-to-${request.to}.csv`);
