import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import { testOrder } from '../../testing/order-fixtures';
import { renderRoutes } from '../../testing/render-routes';
import { OrderSummary } from './orders-view';

afterEach(cleanup);

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
