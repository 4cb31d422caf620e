// The back office's reports, their range limit and messages without Zod, so that the reports page
// opens without loading it (decision 0088); admin-reports.ts re-exports them with its schemas.

export const SALES_REPORTS = {
  'sales-by-day': 'Sales by day',
  'sales-by-product': 'Sales by product',
  'sales-by-category': 'Sales by category',
  refunds: 'Refunds',
  cod: 'Cash on delivery',
} as const;
export type SalesReportKind = keyof typeof SALES_REPORTS;
export const SALES_REPORT_KINDS = Object.keys(SALES_REPORTS) as [SalesReportKind, ...SalesReportKind[]];

/** A year and a day: a financial year fits, and the table stays a page an owner reads. */
export const MAX_REPORT_DAYS = 366;
export const REPORT_RANGE_MESSAGES = {
  order: 'The first day must not be after the last',
  tooLong: `Choose at most ${MAX_REPORT_DAYS} days`,
} as const;
