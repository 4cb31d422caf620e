import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminJobs } from '../../../shared/api/admin';
import { JobQueues } from './jobs-view';

afterEach(cleanup);

const jobs: AdminJobs = {
  queues: {
    orderExpiry: { pending: 4, overdue: 1 },
    mail: { queued: 3, due: 2, retrying: 1, failed: 1, sent: 12 },
    webhooks: { unprocessed: 1, failing: 1 },
  },
  stuckWebhooks: [
    {
      id: 'evt_stuck0000000001',
      event: 'payment.captured',
      receivedAt: '2031-03-10T04:50:00.000Z',
      lastError: 'Order not found',
      attempts: 12,
      nextAttemptAt: '2031-03-10T11:50:00.000Z',
      gaveUp: true,
    },
  ],
  schedule: { expirySweepSeconds: 60, mailEverySeconds: 15, runsOnThisInstance: false, jobs: [] },
};

describe('the background jobs panel', () => {
  it('shows what each job has waiting and the webhooks not yet handled', () => {
    render(<JobQueues jobs={jobs} />);
    const table = screen.getByRole('table', { name: 'Background job queues' });
    const expiry = within(table).getByRole('row', { name: /Order expiry/ });
    expect(expiry.textContent).toContain('4 unpaid orders, 1 past their expiry');
    const mail = within(table).getByRole('row', { name: /E-mails/ });
    expect(mail.textContent).toContain('3 queued (1 retrying), 1 given up, 12 sent');
    expect(within(table).getByRole('row', { name: /Payment webhooks/ }).textContent).toContain(
      '1 not handled yet, 1 with an error',
    );
    const stuck = screen.getByText(/evt_stuck0000000001/).textContent;
    expect(stuck).toContain('Order not found');
    expect(stuck).toContain('gave up after 12 tries: needs a look');
    expect(screen.getByText(/does not run the jobs/)).toBeTruthy();
  });
});
