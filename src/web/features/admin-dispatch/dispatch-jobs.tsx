import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OrderSelection } from '../../../shared/api/admin-bulk';
import type { DispatchJobList, DispatchJobResponse, DispatchJobSummary } from '../../../shared/api/dispatch';
import {
  DISPATCH_JOB_KINDS,
  type DispatchJobKind,
  MAX_DISPATCH_JOB_ORDERS,
} from '../../../shared/api/dispatch-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { apiRequest } from '../../api/client';
import { errorMessage, QueryState } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { PdfProgressText } from './bulk-actions';
import { downloadPdf, type PdfProgress } from './bulk-api';

// Decision 0077: the dispatch desk's bulk work runs on the server as jobs. The page only starts
// them and shows how far they have got, so closing the tab stops nothing.

const ordersText = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'order' : 'orders'}`;
const jobsKey = ['admin', 'dispatch-jobs'] as const;
/** How often an open page asks how far the jobs have got while one is still running. */
const POLL_MS = 1500;

export function useDispatchJobs() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiRequest<DispatchJobList>('/admin/dispatch-jobs', { signal }),
    refetchInterval: (query) => (query.state.data?.jobs.some((job) => !job.finished) ? POLL_MS : false),
  });
}

function useDispatchJob(jobId: string, running: boolean, open: boolean) {
  return useQuery({
    queryKey: [...jobsKey, jobId],
    queryFn: ({ signal }) => apiRequest<DispatchJobResponse>(`/admin/dispatch-jobs/${jobId}`, { signal }),
    enabled: open,
    refetchInterval: running ? POLL_MS : false,
  });
}

function useStartJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderSelection & { kind: DispatchJobKind }) =>
      apiRequest<DispatchJobResponse>('/admin/dispatch-jobs', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
}

function useResumeJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      apiRequest<DispatchJobResponse>(`/admin/dispatch-jobs/${jobId}/resume`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
}

/** The bar's actions on the chosen orders: each starts a job on the server. */
export function DispatchJobActions({ selection, count }: { selection: OrderSelection; count: number }) {
  const jobs = useDispatchJobs();
  const start = useStartJob();
  const booking = jobs.data?.jobs.some((job) => job.kind === 'book' && !job.finished) ?? false;
  const tooMany = count > MAX_DISPATCH_JOB_ORDERS;
  const run = (kind: DispatchJobKind) => start.mutate({ ...selection, kind });
  return (
    <>
      <Button disabled={start.isPending || tooMany} onClick={() => run('book')}>
        Book the courier for {ordersText(count)}
      </Button>
      <Button variant="secondary" disabled={start.isPending || tooMany} onClick={() => run('slips')}>
        Print slips and invoices (PDF)
      </Button>
      <Button
        variant="secondary"
        disabled={start.isPending || tooMany || booking}
        aria-describedby={booking ? 'labels-wait' : undefined}
        onClick={() => run('labels')}
      >
        Print labels (PDF)
      </Button>
      {booking && (
        <p id="labels-wait" className="basis-full text-sm text-stone-700">
          Labels wait for their bookings: a booking job is still running.
        </p>
      )}
      {tooMany && (
        <p className="basis-full text-sm text-stone-700">
          One job takes at most {MAX_DISPATCH_JOB_ORDERS.toLocaleString('en-IN')} orders; narrow the filter.
        </p>
      )}
      {start.error && (
        <div className="basis-full">
          <ErrorBanner>{errorMessage(start.error)}</ErrorBanner>
        </div>
      )}
      {start.data && (
        <p role="status" className="basis-full text-sm font-semibold text-stone-800">
          Started: {DISPATCH_JOB_KINDS[start.data.job.kind]} for {ordersText(start.data.job.total)}. It goes
          on if you close this page; see Dispatch jobs.
        </p>
      )}
    </>
  );
}

function progressText(job: DispatchJobSummary) {
  const handled = job.done + job.failed;
  if (!job.finished) return `${handled.toLocaleString('en-IN')} of ${ordersText(job.total)} done…`;
  return `Finished: ${job.done.toLocaleString('en-IN')} done${
    job.failed > 0 ? `, ${job.failed.toLocaleString('en-IN')} not done` : ''
  } of ${ordersText(job.total)}`;
}

function JobRow({ job }: { job: DispatchJobSummary }) {
  const [open, setOpen] = useState(false);
  const [pdf, setPdf] = useState<{ progress: PdfProgress | null; error: string | null }>({
    progress: null,
    error: null,
  });
  const detail = useDispatchJob(job.id, !job.finished, open);
  const resume = useResumeJob();
  const client = useQueryClient();
  const wasFinished = useRef(job.finished);
  // A job that finishes while the page is open has moved orders on (booked: Packed and beyond).
  useEffect(() => {
    if (job.finished && !wasFinished.current)
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    wasFinished.current = job.finished;
  }, [job.finished, client]);
  const download = (path: string, name: string) => {
    downloadPdf(path, null, name, (progress) => setPdf({ progress, error: null }))
      .then(() => setPdf({ progress: null, error: null }))
      .catch((failure: unknown) => setPdf({ progress: null, error: errorMessage(failure) }));
  };
  const title = DISPATCH_JOB_KINDS[job.kind];
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{title}</p>
          <p className="text-xs text-stone-600">Started {formatIndiaDateTime(job.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {job.finished && job.kind !== 'book' && job.done > 0 && (
            <Button
              variant="secondary"
              disabled={pdf.progress !== null}
              onClick={() => download(`/admin/dispatch-jobs/${job.id}/file`, `${job.kind}.pdf`)}
            >
              Download the PDF
            </Button>
          )}
          {job.finished && job.kind === 'book' && job.done > 0 && (
            <Button
              variant="secondary"
              disabled={pdf.progress !== null}
              onClick={() => download(`/admin/dispatch-jobs/${job.id}/manifest.pdf`, 'pickup-manifest.pdf')}
            >
              Pickup manifest (PDF)
            </Button>
          )}
          {job.finished && job.failed > 0 && (
            <Button variant="secondary" disabled={resume.isPending} onClick={() => resume.mutate(job.id)}>
              Resume the {job.failed.toLocaleString('en-IN')} not done
            </Button>
          )}
        </div>
      </div>
      <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
        <progress
          aria-label={`${title}: progress`}
          max={job.total}
          value={job.done + job.failed}
          className="h-2 w-32"
        />
        {progressText(job)}
      </p>
      {pdf.progress && <PdfProgressText progress={pdf.progress} />}
      {pdf.error && <ErrorBanner>{pdf.error}</ErrorBanner>}
      {resume.error && <ErrorBanner>{errorMessage(resume.error)}</ErrorBanner>}
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-800">
          Each order
        </summary>
        {open && (
          <QueryState isPending={detail.isPending} error={detail.error} label="the job's orders">
            <ul aria-label={`${title}: each order`} className="max-h-72 overflow-y-auto text-sm">
              {detail.data?.job.orders.map((order) => (
                <li key={order.orderId} className="border-b border-stone-100 py-1 break-words">
                  Order {order.orderNumber}:{' '}
                  {order.state === 'waiting' || order.state === 'working'
                    ? 'waiting'
                    : order.state === 'done'
                      ? order.message || 'done'
                      : `not done: ${order.message}`}
                </li>
              ))}
            </ul>
          </QueryState>
        )}
      </details>
    </li>
  );
}

/** The latest jobs, how far each has got, and what can be done with it now. */
export function DispatchJobsPanel() {
  const jobs = useDispatchJobs();
  return (
    <section aria-labelledby="dispatch-jobs-title" className="rounded-xl border border-brand-100 bg-white">
      <h2 id="dispatch-jobs-title" className="border-b border-brand-100 p-3 font-bold text-stone-900">
        Dispatch jobs
      </h2>
      <QueryState isPending={jobs.isPending} error={jobs.error} label="dispatch jobs">
        {jobs.data && jobs.data.jobs.length === 0 ? (
          <p className="p-3 text-sm text-stone-700">
            No dispatch jobs yet. Choose orders below to book the courier or print their slips or labels.
          </p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {jobs.data?.jobs.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
