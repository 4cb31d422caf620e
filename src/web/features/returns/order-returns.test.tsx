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
    await user.type(
      screen.getByRole('textbox', { name: 'Reason for the return' }),
      'One box arrived crushed',
    );
    await user.click(screen.getByRole('button', { name: 'Request return' }));

    const status = await screen.findByText('Return requested: being reviewed');
    expect(screen.queryByRole('form', { name: 'Return items' })).toBeNull();
    expect(document.activeElement).toBe(status.closest('li'));
    expect(document.activeElement?.textContent).toContain('Refund on approval: ₹450');
  });
});
