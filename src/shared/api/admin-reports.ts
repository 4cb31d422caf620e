import { z } from 'zod';
import { DAY_MS } from '../india-time';
import { MAX_REPORT_DAYS, REPORT_RANGE_MESSAGES, SALES_REPORT_KINDS } from './admin-reports-rules';

// The report names, range limit and messages without Zod, for the reports page (decision 0088).
export * from './admin-reports-rules';

// Decision 0076: the back office's reports (the viewRevenue permission), each over any range of
// India-time days, as a table on screen and the same table as CSV. Money in rupees at this edge.

export const SalesReportParams = z.object({
  report: z.enum(SALES_REPORT_KINDS, { error: 'Choose a report' }),
});
export type SalesReportParams = z.infer<typeof SalesReportParams>;

const DAY_EXAMPLE = 'Use a date like 2031-03-10';
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
// A day that exists ('2031-13-01' does not).
const reportDay = z
  .string({ error: DAY_EXAMPLE })
  .max('YYYY-MM-DD'.length, { error: DAY_EXAMPLE, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_EXAMPLE, abort: true })
  .refine((day) => !Number.isNaN(dayNumber(day)), 'No such day');

/** The first and last India-time day, both included. */
export const SalesReportQuery = z
  .object({ from: reportDay, to: reportDay })
  .refine((range) => range.from <= range.to, { message: REPORT_RANGE_MESSAGES.order, path: ['to'] })
  // NaN (a day that does not exist, refused above) compares false: no second message.
  .refine((range) => !(dayNumber(range.to) - dayNumber(range.from) >= MAX_REPORT_DAYS), {
    message: REPORT_RANGE_MESSAGES.tooLong,
    path: ['to'],
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

/** How a column's cells read: money is rupees, a count a whole number, the rest text. */
export const ReportColumnKind = z.enum(['text', 'count', 'money']);
export type ReportColumnKind = z.infer<typeof ReportColumnKind>;

export const SalesReport = z.object({
  report: z.enum(SALES_REPORT_KINDS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  columns: z.array(z.object({ label: z.string(), kind: ReportColumnKind })),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
  /** The totals row: a figure under each money or count column that adds up, else null. */
  totals: z.array(z.union([z.string(), z.number(), z.null()])),
});
export type SalesReport = z.infer<typeof SalesReport>;
