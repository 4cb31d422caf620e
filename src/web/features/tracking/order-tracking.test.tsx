import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_MESSAGES, type OrderTracking as Tracking } from '../../../shared/api/courier';
import { OrderTracking } from './order-tracking';

const ORDER_ID = '0b6f7c52-3d1e-4f7a-9a55-2f1f6a8e9c10';

const failedTracking: Tracking = {
  number: 'RG-10042',
  status: 'failed_delivery',
  courier: 'Utsav Sandbox Express',
  awb: 'SBX000042123',
  expectedDelivery: '2031-03-13',
  events: [
    {
      kind: 'undelivered',
      label: 'Undelivered',
      activity: 'Customer not available',
      location: 'New Delhi',
      at: '2031-03-13T12:30:00.000Z',
    },
  ],
  failedDelivery: {
    reason: 'Customer not available',
    answered: false,
    earliestDate: '2031-03-14',
    latestDate: '2031-03-20',
  },
};

/**
 * The server's tracking routes: GET answers the failed delivery; POST keeps what the form sent and
 * answers as the server does (accepted, or the error `refuse` names).
 */
function serveTracking(refuse?: { status: number; message: string }) {
  const sent: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if ((init?.method ?? 'GET') === 'GET' && url.pathname === `/api/orders/${ORDER_ID}/tracking`) {
        return json({ tracking: failedTracking });
      }
      if (init?.method === 'POST' && url.pathname === `/api/orders/${ORDER_ID}/delivery-answer`) {
        sent.push(JSON.parse(String(init.body)));
        if (refuse) return json({ message: refuse.message }, refuse.status);
        return json({
          tracking: {
            ...failedTracking,
            failedDelivery: { ...failedTracking.failedDelivery!, answered: true },
          },
        });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return sent;
}

function renderTracking() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderTracking orderId={ORDER_ID} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the failed delivery form on the order page', () => {
  it('sends a new attempt date within the window, then says the courier has the answer', async () => {
    const sent = serveTracking();
    renderTracking();
    expect(await screen.findByText('The courier could not deliver: Customer not available')).toBeTruthy();
    const date = screen.getByLabelText(/New attempt date \(until/) as HTMLInputElement;
    expect(date.value).toBe('2031-03-14');
    expect([date.min, date.max]).toEqual(['2031-03-14', '2031-03-20']);

    const user = userEvent.setup();
    await user.clear(date);
    await user.type(date, '2031-03-16');
    await user.click(screen.getByRole('button', { name: 'Send to the courier' }));
    expect(
      await screen.findByText('Thank you: the courier has your answer and will try again.'),
    ).toBeTruthy();
    expect(sent).toEqual([{ kind: 'reattempt', date: '2031-03-16' }]);
  });

  it('sends a corrected address and phone, and refuses an empty address or a bad phone first', async () => {
    const sent = serveTracking();
    renderTracking();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Fix the address and phone' }));
    const send = screen.getByRole('button', { name: 'Send to the courier' });

    await user.click(send);
    expect(screen.getByText('Enter the address')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Flat 4B, Lotus Residency, Sector 21');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '12345');
    await user.click(send);
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '98765 43210');
    await user.click(send);
    expect(
      await screen.findByText('Thank you: the courier has your answer and will try again.'),
    ).toBeTruthy();
    expect(sent).toEqual([
      { kind: 'fix_address', address: 'Flat 4B, Lotus Residency, Sector 21', phone: '98765 43210' },
    ]);
  });

  it("shows the server's reason when the answer is refused, and keeps the form", async () => {
    const sent = serveTracking({ status: 409, message: SHIPPING_MESSAGES.alreadyAnswered });
    renderTracking();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send to the courier' }));
    expect(await screen.findByText(SHIPPING_MESSAGES.alreadyAnswered)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send to the courier' })).toBeTruthy();
    expect(sent).toEqual([{ kind: 'reattempt', date: '2031-03-14' }]);
  });
});
