import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import { apiRequest } from '../../api/client';
import { testOrder, testReturn } from '../../testing/order-fixtures';
import { OrderReturns } from './order-returns';

const ORDER_ID = '5d2c8a70-7f3e-4a54-8b1f-9a0e6c1d2b31';
const NOW = new Date('2025-11-20T06:30:00.000Z');

const deliveredOrder = testOrder({
  id: ORDER_ID,
  status: 'delivered',
  invoiceNumber: 'UG/25-26/000031',
  returnableUntil: '2025-11-25T06:30:00.000Z',
  deliveredAt: '2025-11-18T06:30:00.000Z',
});
const requested = testReturn({ createdAt: '2025-11-20T06:30:00.000Z' });

/** The order and its returns routes, as the server answers them. */
function serveOrder() {
  let current = deliveredOrder;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/orders/${ORDER_ID}/returns` && init?.method === 'POST') {
        current = { ...current, returns: [requested] };
        return json({ return: requested }, 201);
      }
      if (url.pathname === `/api/orders/${ORDER_ID}`) return json(current);
      return json({ message: 'Not found' }, 404);
    }),
  );
}

/** The order page's returns section, refetching the order when it changes. */
function OrderPage() {
  const query = useQuery({
    queryKey: ['order', ORDER_ID],
    queryFn: () => apiRequest<OrderRecord>(`/orders/${ORDER_ID}`),
  });
  if (!query.data) return null;
  return <OrderReturns order={query.data} now={NOW} onChanged={() => void query.refetch()} />;
}

function renderOrderPage() {
  serveOrder();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Focus through a return request (WCAG 2.4.3)', () => {
  it('moves focus into the form that replaces "Return items"', async () => {
    const user = userEvent.setup();
    renderOrderPage();
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = screen.getByRole('form', { name: 'Return items' });
    expect(document.activeElement).toBe(
      within(form).getByRole('combobox', { name: 'Units of Diwali Dry Fruit Hamper to return' }),
    );
  });

  it("moves focus to the request's status once it replaces the form", async () => {
    const user = userEvent.setup();
    renderOrderPage();
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Units of Diwali Dry Fruit Hamper to return' }),
      '1',
    );
    await user.click(screen.getByRole('radio', { name: 'Defective, damaged or wrong item' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Reason for the return' }),
      'One box arrived crushed',
    );
    await user.click(screen.getByRole('button', { name: 'Request return' }));

    const status = await screen.findByText('Return requested: being reviewed');
    expect(screen.queryByRole('form', { name: 'Return items' })).toBeNull();
    expect(document.activeElement).toBe(status.closest('li'));
    expect(document.activeElement?.textContent).toContain('Refund if approved: ₹450');
  });
});

describe('The return windows of each kind (decision 0051)', () => {
  const renderAt = (now: Date) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderReturns order={deliveredOrder} now={now} onChanged={() => {}} />
      </QueryClientProvider>,
    );

  it('asks what is wrong, choosing nothing for the shopper, and says the delivery charges come back for a fault', async () => {
    const user = userEvent.setup();
    renderAt(NOW);
    expect(screen.getByText('Changed your mind? You can return items until 25 Nov 2025.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Return items' }));
    const kinds = screen.getAllByRole('radio');
    expect(kinds.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(screen.getByRole('button', { name: 'Request return' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'It arrived late' }));
    expect(screen.getByText('The delivery charges you paid are refunded too.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'I changed my mind' }));
    expect(screen.queryByText('The delivery charges you paid are refunded too.')).toBeNull();
  });

  it('offers only a defective, damaged, wrong or late item on day 20, until the 30th day', async () => {
    const user = userEvent.setup();
    renderAt(new Date('2025-12-08T06:30:00.000Z'));
    expect(
      screen.getByText(
        'A defective, damaged or wrong item, or a late delivery, until 18 Dec 2025, with the delivery charges refunded.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Return items' }));
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'faulty',
      'late',
    ]);
  });

  it('offers nothing after the 30 days', () => {
    renderAt(new Date('2025-12-19T06:30:00.000Z'));
    expect(screen.queryByRole('button', { name: 'Return items' })).toBeNull();
  });
});
