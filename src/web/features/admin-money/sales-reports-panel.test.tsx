import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesReport } from '../../../shared/api/admin-reports';
import { indiaDateOf } from '../../../shared/india-time';
import { SalesRegisterPanel } from './sales-register-panel';
import { SalesReportsPanel } from './sales-reports-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const byDay: SalesReport = {
  report: 'sales-by-day',
  title: 'Sales by day',
  from: '2031-10-06',
  to: '2031-10-07',
  columns: [
    { label: 'Day', kind: 'text' },
    { label: 'Orders', kind: 'count' },
    { label: 'Total (₹)', kind: 'money' },
  ],
  rows: [
    ['2031-10-06', 1, 151316.5],
    ['2031-10-07', 0, 0],
  ],
  totals: ['Total', 1, 151316.5],
};

function renderPanel(answer: () => Response) {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return answer();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SalesReportsPanel />
    </QueryClientProvider>,
  );
  return fetched;
}

describe('the reports panel (decision 0076)', () => {
  it('asks for nothing until Show, from the 1st of this India month to today, then shows whole rupee figures', async () => {
    const fetched = renderPanel(() => Response.json(byDay));
    const today = indiaDateOf(new Date());
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(`${today.slice(0, 8)}01`);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(today);
    expect(fetched).toEqual([]);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-10-06' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-10-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    const table = await screen.findByRole('table', { name: 'Sales by day, 2031-10-06 to 2031-10-07' });
    expect(fetched).toEqual([
      expect.stringContaining('/api/admin/reports/sales-by-day?from=2031-10-06&to=2031-10-07'),
    ]);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayOrdersTotal (₹)', '2031-10-061₹1,51,316.50', '2031-10-070₹0', 'Total1₹1,51,316.50']);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    const fetched = renderPanel(() => Response.json(byDay));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-10-07' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-10-06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('The first day must not be after the last')).toBeTruthy();
    expect(fetched).toEqual([]);
  });

  it('says when a report is empty, and shows the server’s message when it fails', async () => {
    renderPanel(() => Response.json({ ...byDay, report: 'refunds', title: 'Refunds', rows: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText(/^Nothing in refunds from/)).toBeTruthy();
    cleanup();
    renderPanel(() => Response.json({ message: 'The report could not be read' }, { status: 503 }));
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('The report could not be read')).toBeTruthy();
  });

  it('opens the GST register on the current India month', () => {
    render(<SalesRegisterPanel />);
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe(
      indiaDateOf(new Date()).slice(0, 7),
    );
  });
});
