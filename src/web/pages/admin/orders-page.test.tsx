import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderList, AdminOrderSummary } from '../../../shared/api/admin';
import type { BulkStatusResponse, OrderSelection } from '../../../shared/api/admin-bulk';
import { BulkActionBar } from '../../features/admin-dispatch/bulk-actions';
import { OrdersView } from '../../features/admin-orders/orders-view';
import { renderRoutes } from '../../testing/render-routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const orderAt = (index: number): AdminOrderSummary => ({
  id: `order-${index}`,
  orderNumber: `RG-${10000 + index}`,
  status: 'paid',
  createdAt: '2031-11-20T06:00:00.000Z',
  totalAmount: 1348,
  customerName: 'Meera Iyer',
  customerEmail: 'meera@example.com',
  phone: '9845012345',
  itemCount: 2,
  isGift: false,
  delivery: null,
  isQuote: false,
  giftBatchId: null,
});

const moved: BulkStatusResponse = {
  status: 'packed',
  moved: 1,
  refused: 1,
  results: [
    { orderId: 'order-1', orderNumber: 'RG-10001', from: 'paid', moved: true, message: '' },
    {
      orderId: 'order-2',
      orderNumber: 'RG-10002',
      from: 'pending',
      moved: false,
      message: 'An order that is Payment Pending cannot move forward to Packed',
    },
  ],
};

/** The list answers two orders on the page of 30 matching; the bulk change answers `moved`. */
function renderOrders() {
  const sent: { url: string; body: unknown }[] = [];
  const list: AdminOrderList = { data: [orderAt(1), orderAt(2)], total: 30, page: 1, pageSize: 25 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://store.test');
      if (init?.method === 'POST') sent.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      const answer = url.pathname === '/api/admin/orders/bulk/status' ? moved : list;
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const extra = vi.fn((_selection: OrderSelection, _count: number) => <button type="button">Ship</button>);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        {/* As the orders page composes them: the dispatch desk's bar, with a courier's action added. */}
        <OrdersView
          bulkActions={(selection, count, clear) => (
            <BulkActionBar selection={selection} count={count} onClear={clear}>
              {extra(selection, count)}
            </BulkActionBar>
          )}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { sent, extra };
}

describe('bulk work on the order list', () => {
  it('moves the ticked orders and says which did not move and why', async () => {
    const user = userEvent.setup();
    const { sent } = renderOrders();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose order RG-10001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose order RG-10002' }));
    const bar = screen.getByRole('region', { name: '2 orders chosen' });
    expect(within(bar).getByRole('button', { name: 'Ship' })).toBeTruthy();
    await user.selectOptions(within(bar).getByLabelText('Move to'), 'packed');
    await user.click(within(bar).getByRole('button', { name: 'Mark 2 orders as Packed' }));

    // The form's checks load at its first use, then the change is sent.
    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: '/api/admin/orders/bulk/status',
          body: { orderIds: ['order-1', 'order-2'], status: 'packed', note: '' },
        },
      ]),
    );
    const result = await within(bar).findByRole('status');
    expect(result.textContent).toContain('Moved 1 order to Packed; 1 order did not move:');
    expect(result.textContent).toContain(
      'Order RG-10002: An order that is Payment Pending cannot move forward to Packed',
    );
  });

  it('chooses every order matching the filter, and hands that choice to added actions', async () => {
    const user = userEvent.setup();
    const { sent, extra } = renderOrders();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 30 orders matching this filter' }));
    const bar = screen.getByRole('region', { name: '30 orders chosen' });
    expect(extra).toHaveBeenLastCalledWith({ filter: {} }, 30);
    await user.click(within(bar).getByRole('button', { name: 'Mark 30 orders as Packed' }));
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ filter: {}, status: 'packed', note: '' }));

    await user.click(within(bar).getByRole('button', { name: 'Clear the choice' }));
    expect(screen.queryByRole('region', { name: /chosen/ })).toBeNull();
  });

  it('makes the phone and e-mail tappable', async () => {
    renderOrders();
    const phone = await screen.findAllByRole('link', { name: '9845012345' });
    expect(phone[0]?.getAttribute('href')).toBe('tel:+919845012345');
    expect(screen.getAllByRole('link', { name: 'meera@example.com' })[0]?.getAttribute('href')).toBe(
      'mailto:meera@example.com',
    );
  });
});

describe('the order list’s filters', () => {
  it('are in the address, so going back from an order comes to the same filtered page', async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    const list: AdminOrderList = { data: [orderAt(1)], total: 30, page: 2, pageSize: 25 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://store.test');
        if (url.pathname === '/api/admin/orders') asked.push(Object.fromEntries(url.searchParams));
        return Response.json(list);
      }),
    );
    const router = renderRoutes(
      [
        { path: '/admin/orders', element: <OrdersView /> },
        { path: '/admin/orders/:id', element: <p>Order page</p> },
      ],
      '/admin/orders?status=paid&q=Meera&page=2',
    );
    expect(await screen.findByRole('link', { name: 'Order RG-10001' })).toBeTruthy();
    expect(asked.at(-1)).toEqual({ status: 'paid', q: 'Meera', page: '2' });
    expect(screen.getByRole('searchbox', { name: 'Order number, name, e-mail or phone' })).toHaveProperty(
      'value',
      'Meera',
    );

    await user.click(screen.getByRole('link', { name: 'Order RG-10001' }));
    expect(await screen.findByText('Order page')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Order RG-10001' })).toBeTruthy();
    expect(router.state.location.search).toBe('?status=paid&q=Meera&page=2');
    expect(screen.getByRole('searchbox', { name: 'Order number, name, e-mail or phone' })).toHaveProperty(
      'value',
      'Meera',
    );
  });
});
