import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import { CashOnDeliveryNote } from './cash-on-delivery-note';
import { DeliveryChoiceNote } from './delivery-choice-note';
import { expectedDeliveryHint } from './expected-delivery';
import { OrderStatusBadge } from './order-status-badge';

afterEach(cleanup);

describe('OrderStatusBadge (SPEC 4)', () => {
  it.each([
    ['pending', 'Payment Pending', 'yellow'],
    ['paid', 'Payment Confirmed', 'green'],
    ['confirmed', 'Order Confirmed', 'blue'],
    ['processing', 'Processing', 'indigo'],
    ['packed', 'Packed', 'purple'],
    ['shipped', 'Shipped', 'cyan'],
    ['out_for_delivery', 'Out for Delivery', 'orange'],
    ['delivered', 'Delivered', 'green'],
    ['failed_delivery', 'Delivery Failed', 'red'],
    ['returned', 'Returned', 'grey'],
    ['cancelled', 'Cancelled', 'red'],
    ['on_hold', 'On hold', 'grey'],
  ])('shows %s as %s in %s', (status, label, colour) => {
    render(<OrderStatusBadge status={status} />);
    const badge = screen.getByText(label);
    expect(badge.dataset.colour).toBe(colour);
  });

  it('draws each colour with its own classes', () => {
    render(
      <>
        <OrderStatusBadge status="pending" />
        <OrderStatusBadge status="cancelled" />
        <OrderStatusBadge status="returned" />
      </>,
    );
    expect(screen.getByText('Payment Pending').className).toContain('bg-yellow-100');
    expect(screen.getByText('Cancelled').className).toContain('bg-red-100');
    expect(screen.getByText('Returned').className).toContain('bg-stone-100');
  });
});

const estimate: NonNullable<OrderRecord['deliveryEstimate']> = {
  days: '2-4 Days',
  message: 'Standard delivery',
  type: 'standard',
  fastDelivery: false,
  city: 'Pune',
  isPreOrder: false,
};
const line = (isPreOrder: boolean): OrderRecord['items'][number] => ({
  lineId: 101,
  product: {
    id: 1,
    name: 'Brass Diya',
    image: '',
    inStock: !isPreOrder,
    allowPreOrder: isPreOrder,
    addOnKind: null,
  },
  quantity: 1,
  price: 299,
  isPreOrder,
  returnedQuantity: 0,
  personalisation: null,
});

describe('expectedDeliveryHint (SPEC 2 My Orders)', () => {
  // 12 Nov 2025, 12:00 in India.
  const createdAt = '2025-11-12T06:30:00.000Z';
  const delivery = null;

  it('dates the window from the day the order was placed, to the city', () => {
    expect(
      expectedDeliveryHint({
        status: 'shipped',
        items: [line(false)],
        deliveryEstimate: estimate,
        createdAt,
        delivery,
      }),
    ).toBe('Expected delivery by 16 Nov 2025 to Pune');
    expect(
      expectedDeliveryHint({
        status: 'paid',
        items: [line(false)],
        deliveryEstimate: {
          ...estimate,
          days: 'Today',
          type: 'same_day',
          fastDelivery: true,
          city: 'Bengaluru',
        },
        createdAt,
        delivery,
      }),
    ).toBe('Expected delivery by 12 Nov 2025 to Bengaluru (Express)');
  });

  it('states the checkout pre-order window for an order with a pre-order line', () => {
    expect(
      expectedDeliveryHint({
        status: 'paid',
        items: [line(false), line(true)],
        deliveryEstimate: { ...estimate, days: '10-15 Days', isPreOrder: true },
        createdAt,
        delivery,
      }),
    ).toBe('Expected delivery by 2 Dec 2025 (pre-order, 15-20 days)');
  });

  it('keeps a window it cannot read as words', () => {
    expect(
      expectedDeliveryHint({
        status: 'paid',
        items: [line(false)],
        deliveryEstimate: { ...estimate, days: 'About a week' },
        createdAt,
        delivery,
      }),
    ).toBe('Expected delivery in About a week to Pune');
  });

  // Decision 0068: a chosen day is the promise; the pincode's speed is not said beside it.
  it('promises the day chosen at checkout, and nothing else', () => {
    expect(
      expectedDeliveryHint({
        status: 'paid',
        items: [line(false)],
        deliveryEstimate: { ...estimate, days: 'Today', type: 'same_day', fastDelivery: true },
        createdAt,
        delivery: { date: '2025-11-14', slot: 'standard', fee: 0 },
      }),
    ).toBe('Delivery on Fri, 14 Nov · Standard delivery (9 AM - 9 PM)');
  });

  it('has no hint for delivered, cancelled or returned orders', () => {
    for (const status of ['delivered', 'cancelled', 'returned']) {
      expect(
        expectedDeliveryHint({
          status,
          items: [line(false)],
          deliveryEstimate: estimate,
          createdAt,
          delivery,
        }),
      ).toBeNull();
    }
  });

  it('falls back to the general promise without an estimate', () => {
    expect(
      expectedDeliveryHint({
        status: 'pending',
        items: [line(false)],
        deliveryEstimate: null,
        createdAt,
        delivery,
      }),
    ).toBe('Expected to be delivered in 3-7 business days');
  });
});

describe('DeliveryChoiceNote', () => {
  it('names the chosen date and the midnight slot with its fee', () => {
    render(<DeliveryChoiceNote delivery={{ date: '2026-11-24', slot: 'midnight', fee: 199 }} />);
    expect(
      screen.getByText('Delivery on Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM) (₹199 extra)'),
    ).toBeTruthy();
  });

  it('names a standard slot without a fee, and shows nothing when no date was chosen', () => {
    const { container } = render(<DeliveryChoiceNote delivery={null} />);
    expect(container.textContent).toBe('');
    render(<DeliveryChoiceNote delivery={{ date: '2026-11-29', slot: 'standard' as const, fee: 0 }} />);
    expect(screen.getByText('Delivery on Sun, 29 Nov · Standard delivery (9 AM - 9 PM)')).toBeTruthy();
  });
});

describe('CashOnDeliveryNote (decision 0042)', () => {
  it('asks the shopper to keep the amount ready, then says it was paid', () => {
    const { rerender } = render(
      <CashOnDeliveryNote cod={{ fee: 49, toCollect: 1049, collected: false }} status="confirmed" />,
    );
    expect(
      screen.getByText(/please keep ₹1,049 ready for the courier \(includes the ₹49 COD fee\)/),
    ).toBeTruthy();
    rerender(<CashOnDeliveryNote cod={{ fee: 49, toCollect: 1049, collected: true }} status="delivered" />);
    expect(screen.getByText(/₹1,049 paid in cash to the courier/)).toBeTruthy();
    rerender(<CashOnDeliveryNote cod={null} status="confirmed" />);
    expect(screen.queryByText(/Cash on delivery/)).toBeNull();
  });

  it('says a parcel that came back owes nothing, not an amount to keep ready (decision 0064)', () => {
    for (const status of ['rto_in_transit', 'returned', 'cancelled']) {
      const { unmount } = render(
        <CashOnDeliveryNote cod={{ fee: 49, toCollect: 1747, collected: false }} status={status} />,
      );
      expect(
        screen.getByText(/nothing to pay\. This order did not reach you, so nothing is owed\./),
      ).toBeTruthy();
      expect(screen.queryByText(/₹1,747/)).toBeNull();
      unmount();
    }
  });
});
