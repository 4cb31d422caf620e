import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DispatchJobList, DispatchJobSummary } from '../../../shared/api/dispatch';
import { DispatchJobActions, DispatchJobsPanel } from './dispatch-jobs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = (fields: Partial<DispatchJobSummary>): DispatchJobSummary => ({
  id: '6f1c8f3e-0000-4000-8000-000000000001',
  kind: 'book',
  createdAt: '2031-03-10T05:00:00.000Z',
  total: 250,
  waiting: 130,
  done: 118,
  failed: 2,
  finished: false,
  ...fields,
});

/** The panel and the bar against a server whose jobs are `jobs`; the requests it was sent. */
function renderDesk(jobs: DispatchJobSummary[]) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      sent.push({
        url: new URL(String(input), 'http://store.test').pathname,
        method,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      const body: DispatchJobList | { job: DispatchJobSummary & { orders: [] } } =
        method === 'POST' ? { job: { ...job({ kind: 'slips', total: 3 }), orders: [] } } : { jobs };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DispatchJobsPanel />
      <DispatchJobActions selection={{ filter: { queue: 'ship-today' } }} count={250} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('the dispatch desk (decision 0077)', () => {
  it('shows a running booking job with its progress and keeps labels waiting for it', async () => {
    renderDesk([job({})]);
    const panel = await screen.findByRole('region', { name: 'Dispatch jobs' });
    expect(await within(panel).findByText('120 of 250 orders done…')).toBeTruthy();
    expect(within(panel).getByRole('progressbar', { name: 'Book the courier: progress' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Print labels (PDF)' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('Labels wait for their bookings: a booking job is still running.')).toBeTruthy();
  });

  it('offers the manifest and a resume once a booking has finished, and starts a job for every matching order', async () => {
    const user = userEvent.setup();
    const sent = renderDesk([job({ waiting: 0, done: 248, failed: 2, finished: true })]);
    const panel = await screen.findByRole('region', { name: 'Dispatch jobs' });
    expect(await within(panel).findByText('Finished: 248 done, 2 not done of 250 orders')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Pickup manifest (PDF)' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Resume the 2 not done' })).toBeTruthy();
    const labels = screen.getByRole('button', { name: 'Print labels (PDF)' }) as HTMLButtonElement;
    expect(labels.disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Print slips and invoices (PDF)' }));
    expect(await screen.findByText(/It goes on if you close this page/)).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      url: '/api/admin/dispatch-jobs',
      method: 'POST',
      body: { filter: { queue: 'ship-today' }, kind: 'slips' },
    });
  });
});
