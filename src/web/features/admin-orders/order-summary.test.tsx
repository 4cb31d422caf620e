import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import { testOrder } from '../../testing/order-fixtures';
import { renderRoutes } from '../../testing/render-routes';
import { OrderSummary } from './order-detail-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A cash on delivery order of ₹999: ₹900 of hampers, ₹50 shipping and the ₹49 fee. */
const codDetail = (collected: boolean): AdminOrderDetail => ({
  order: testOrder({
    status: collected ? 'delivered' : 'confirmed',
    paidAt: collected ? '2026-11-24T10:00:00.000Z' : null,
    shippingCost: 99,
    fees: [
      { kind: 'shipping', label: 'Shipping', amount: 50 },
      { kind: 'cash_on_delivery', label: 'Cash on delivery fee', amount: 49 },
    ],
    totalAmount: 999,
    total: 999,
    cashOnDelivery: { fee: 49, toCollect: 999, collected },
  }),
  customer: { id: 4, name: 'Meera Iyer', email: 'meera@example.com' },
  giftBatch: null,
  giftLinkFlaggedAt: null,
  nextStatuses: [],
  payments: [],
  money: {
    captured: 0,
    refunded: 0,
    codToCollect: collected ? 0 : 999,
    net: 0,
    refundOnCancel: 0,
    refundDue: 0,
    lines: [],
  },
});

const show = (detail: AdminOrderDetail) =>
  renderRoutes([{ path: '/', element: <OrderSummary detail={detail} /> }], '/');

describe("a cash on delivery order's page in the back office (decision 0042)", () => {
  it('shows the fee apart from shipping, and the cash to collect instead of "No payment recorded yet"', async () => {
    show(codDetail(false));
    expect((await screen.findByText('Shipping')).nextElementSibling?.textContent).toBe('₹50');
    expect(screen.getByText('Cash on delivery fee').nextElementSibling?.textContent).toBe('₹49');
    expect(screen.getByText('Cash on delivery: ₹999 to collect on delivery.')).toBeTruthy();
    expect(screen.queryByText('No payment recorded yet.')).toBeNull();
  });

  it('says the cash was collected once the courier delivered it', async () => {
    show(codDetail(true));
    expect(await screen.findByText('Cash on delivery: ₹999 collected on delivery.')).toBeTruthy();
  });
});

describe('a line removed before dispatch (decision 0078)', () => {
  const hampers = testOrder().items;
  const lamp = {
    ...hampers[0],
    lineId: 7,
    product: { id: 22, name: 'Brass Lamp', image: '', inStock: true, allowPreOrder: false, addOnKind: null },
    quantity: 1,
    price: 1299,
    isPreOrder: false,
    returnedQuantity: 0,
    personalisation: null,
  };
  const twoLines = (fields: Parameters<typeof testOrder>[0]): AdminOrderDetail => ({
    ...codDetail(false),
    order: testOrder({ items: [...hampers, lamp], addressEditable: true, cashOnDelivery: null, ...fields }),
  });

  it('asks before removing, says where the money goes, and sends the line to the server', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return Response.json(twoLines({ items: [lamp] }));
      }),
    );
    show(twoLines({}));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove 1 x Brass Lamp from the order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove 1 x Brass Lamp?' });
    expect(dialog.textContent).toContain('goes back to the customer’s original payment method at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove item' }));
    await vi.waitFor(() => expect(calls).toEqual([`DELETE /api/admin/orders/${testOrder().id}/items/7`]));
  });

  it('offers no removal once the order is booked, nor of its only line', async () => {
    show(twoLines({ addressEditable: false }));
    expect(await screen.findByText('Brass Lamp', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    cleanup();
    show(twoLines({ items: [lamp] }));
    expect(await screen.findByText('Brass Lamp', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});

describe('a gift link order in the back office (decisions 0081 and 0090)', () => {
  it('shows a link opened from many devices as flagged, and the orders paid with it', async () => {
    show({
      ...codDetail(false),
      giftLinkFlaggedAt: '2026-11-23T06:30:00.000Z',
      giftBatch: { id: 'c1d2e3f4-0000-4000-8000-000000000090', orders: 50 },
    });
    expect((await screen.findByRole('note')).textContent).toContain(
      'Its gift link was opened from many devices or addresses (flagged',
    );
    expect(screen.getByText(/One of 50 gift links paid together/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all 50 orders' }).getAttribute('href')).toBe(
      '/admin/orders?batch=c1d2e3f4-0000-4000-8000-000000000090',
    );
  });
});
