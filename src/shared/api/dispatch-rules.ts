// Decision 0077: what a dispatch job does and how many orders it takes, without Zod, so that the
// orders page offers the jobs without loading it (docs/performance.md "JavaScript budget");
// dispatch.ts re-exports them with its schemas.

/** The most orders one job takes: a day's dispatch many times over, and still a bounded request. */
export const MAX_DISPATCH_JOB_ORDERS = 5000;

export const DISPATCH_JOB_KINDS = {
  book: 'Book the courier',
  slips: 'Packing slips and invoices',
  labels: 'Courier labels',
} as const;
export type DispatchJobKind = keyof typeof DISPATCH_JOB_KINDS;
