import type { AdminJobs } from '../../../shared/api/admin';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { QueryState } from '../../components/admin/admin-ui';
import { useJobs } from './outbox-api';

export function JobsView() {
  const jobs = useJobs();
  return (
    <QueryState isPending={jobs.isPending} error={jobs.error} label="background jobs">
      {jobs.data && <JobQueues jobs={jobs.data} />}
    </QueryState>
  );
}

/** The queue of each background job in figures, then the webhooks still waiting to be handled. */
export function JobQueues({ jobs }: { jobs: AdminJobs }) {
  const { queues, schedule } = jobs;
  const rows = [
    {
      job: 'Order expiry',
      every: `every ${schedule.expirySweepSeconds} s`,
      waiting: queues.orderExpiry.overdue,
      detail: `${queues.orderExpiry.pending} unpaid orders, ${queues.orderExpiry.overdue} past their expiry`,
    },
    {
      job: 'E-mails',
      every: `every ${schedule.mailEverySeconds} s`,
      waiting: queues.mail.due,
      detail: `${queues.mail.queued} queued (${queues.mail.retrying} retrying), ${queues.mail.failed} given up, ${queues.mail.sent} sent`,
    },
    {
      job: 'Payment webhooks',
      every: `retried every ${schedule.expirySweepSeconds} s`,
      waiting: queues.webhooks.unprocessed,
      detail: `${queues.webhooks.unprocessed} not handled yet, ${queues.webhooks.failing} with an error`,
    },
  ];
  return (
    <div className="space-y-3">
      {!schedule.runsOnThisInstance && (
        <p className="text-sm text-stone-600">
          This instance does not run the jobs (BACKGROUND_JOBS=false); another instance does.
        </p>
      )}
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Background job queues</caption>
        <thead>
          <tr className="border-b border-brand-100 text-stone-600">
            <th scope="col" className="py-2 pr-3">
              Job
            </th>
            <th scope="col" className="py-2 pr-3">
              Runs
            </th>
            <th scope="col" className="py-2 pr-3">
              Waiting
            </th>
            <th scope="col" className="py-2">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.job} className="border-b border-stone-100">
              <th scope="row" className="py-2 pr-3 font-semibold text-stone-900">
                {row.job}
              </th>
              <td className="py-2 pr-3 text-stone-700">{row.every}</td>
              <td className="py-2 pr-3 font-semibold text-stone-900">{row.waiting}</td>
              <td className="py-2 text-stone-700">{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {jobs.stuckWebhooks.length > 0 && (
        <div>
          <h3 className="mb-1 font-semibold text-stone-900">Webhooks waiting to be handled</h3>
          <ul className="space-y-1 text-sm">
            {jobs.stuckWebhooks.map((webhook) => (
              <li key={webhook.id} className="text-stone-700">
                {webhook.event} · {webhook.id} · received {formatIndiaDateTime(webhook.receivedAt)}
                {webhook.lastError ? ` · ${webhook.lastError}` : ''}
                {webhook.gaveUp
                  ? ` · gave up after ${webhook.attempts} tries: needs a look`
                  : webhook.attempts > 0 && webhook.nextAttemptAt
                    ? ` · tried ${webhook.attempts} ${webhook.attempts === 1 ? 'time' : 'times'}, next at ${formatIndiaDateTime(webhook.nextAttemptAt)}`
                    : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
