import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefundsOwed } from '../../../shared/api/courier';
import { RefundsOwedPanel } from './returned-parcel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The panel against a server that answers `owed` until a refund is made, then none. */
function renderOwed(owed: RefundsOwed) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      if (method === 'POST') sent.push(new URL(url).pathname);
      const body =
        method === 'POST' ? { returnedParcel: null } : sent.length > 0 ? { refunds: [], total: 0 } : owed;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RefundsOwedPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe('the dashboard’s refunds owed (decision 0064)', () => {
  it('lists each refund owed with its age, and refunds one with Refund now', async () => {
    const sent = renderOwed({
      refunds: [
        {
          orderId: 'a1',
          orderNumber: 'RG-10061',
          customerName: 'Asha Rao',
          amount: 2296,
          deduction: 100,
          checkedInAt: '2031-03-10T04:00:00.000Z',
          ageDays: 3,
        },
      ],
      total: 2296,
    });
    expect(
      await screen.findByText('₹2,296 to parcels that came back undelivered, oldest first.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order RG-10061' }).getAttribute('href')).toBe(
      '/admin/orders/a1',
    );
    expect(screen.getByText(/Asha Rao · owed 3 days/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refund now ₹2,296' }));
    expect(sent).toEqual(['/api/admin/orders/a1/returned-parcel/refund']);
    expect(
      await screen.findByText('No refunds owed: every returned parcel checked in is refunded.'),
    ).toBeTruthy();
  });
});
