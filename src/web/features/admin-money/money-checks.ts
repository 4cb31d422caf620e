import { zodResolver } from '@hookform/resolvers/zod';
import { SalesRegisterQuery } from '../../../shared/api/admin';
import { SalesReportParams, SalesReportQuery } from '../../../shared/api/admin-reports';
import { DecideReturn, MarkRefundPaid } from '../../../shared/api/returns';

// The money screens' checks, with Zod and the shared schemas the server runs on what they send:
// the reports, sales register and returns forms load this module when first focused or checked
// (decision 0088), so the back office's pages open without Zod.

/** The report chosen and its range of India days, as GET /api/admin/reports/:report takes them. */
const SalesReportForm = SalesReportQuery.and(SalesReportParams);

export const checkSalesReport = zodResolver(SalesReportForm);
export const checkSalesRegister = zodResolver(SalesRegisterQuery);
export const checkReturnDecision = zodResolver(DecideReturn);
export const checkRefundPaid = zodResolver(MarkRefundPaid);
