import { z } from 'zod';
import { ONE_SELECTION, selection } from './admin-bulk';
import { DISPATCH_JOB_KINDS, type DispatchJobKind, MAX_DISPATCH_JOB_ORDERS } from './dispatch-rules';

// Decision 0077: the dispatch desk's bulk work as server jobs (/api/admin/dispatch-jobs).

export * from './dispatch-rules';

export const DISPATCH_MESSAGES = {
  labelsWaitForBookings: 'Labels wait for their bookings: some of these orders are still being booked',
  inAnotherBooking: 'Already being booked by another job',
  notBooked: 'Not booked yet: book the courier first',
  notFinished: 'The PDF is ready when the job has finished',
  noManifest: 'A pickup manifest lists a booking job once an order in it is booked',
  courierUnreachable: 'The courier could not be reached; resume the job to try again',
  jobNotFound: 'Job not found',
} as const;

export const DispatchJobRequest = z
  .object({
    kind: z.enum(Object.keys(DISPATCH_JOB_KINDS) as [DispatchJobKind], 'Choose what the job does'),
    ...selection(MAX_DISPATCH_JOB_ORDERS, 'in one job'),
  })
  .refine(ONE_SELECTION.check, ONE_SELECTION.message);
export type DispatchJobRequest = z.infer<typeof DispatchJobRequest>;

export const DispatchJobParams = z.object({ id: z.uuid('Job not found').max(36, 'Job not found') });

const DispatchJobSummary = z.object({
  id: z.string(),
  kind: z.enum(Object.keys(DISPATCH_JOB_KINDS) as [DispatchJobKind]),
  createdAt: z.string(),
  total: z.number().int(),
  waiting: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Nothing left waiting or being worked on. */
  finished: z.boolean(),
});
export type DispatchJobSummary = z.infer<typeof DispatchJobSummary>;

export const DispatchJob = DispatchJobSummary.extend({
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      state: z.enum(['waiting', 'working', 'done', 'failed']),
      /** The AWB booked, or why the order was not. */
      message: z.string(),
    }),
  ),
});
export type DispatchJob = z.infer<typeof DispatchJob>;

export const DispatchJobResponse = z.object({ job: DispatchJob });
export type DispatchJobResponse = z.infer<typeof DispatchJobResponse>;
export const DispatchJobList = z.object({ jobs: z.array(DispatchJobSummary) });
export type DispatchJobList = z.infer<typeof DispatchJobList>;
