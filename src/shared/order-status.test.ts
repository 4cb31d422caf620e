import { describe, expect, it } from 'vitest';
import {
  canTransition,
  courierOwnsStep,
  isOrderStatus,
  isWithinReturnWindow,
  nextStatuses,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusColour,
  orderStatusLabel,
  RETURN_WINDOW_DAYS,
  showsExpectedDelivery,
} from './order-status';

describe('order status labels (SPEC 4)', () => {
  it.each([
    ['pending', 'Payment Pending'],
    ['paid', 'Payment Confirmed'],
    ['confirmed', 'Order Confirmed'],
    ['processing', 'Processing'],
    ['packed', 'Packed'],
    ['shipped', 'Shipped'],
    ['out_for_delivery', 'Out for Delivery'],
    ['delivered', 'Delivered'],
    ['failed_delivery', 'Delivery Failed'],
    ['returned', 'Returned'],
    ['cancelled', 'Cancelled'],
  ])('labels %s as %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it('capitalises a status it does not know', () => {
    expect(orderStatusLabel('refunded')).toBe('Refunded');
    expect(orderStatusLabel('on_hold')).toBe('On hold');
  });
});

describe('order status colours (SPEC 4)', () => {
  it.each([
    ['pending', 'yellow'],
    ['paid', 'green'],
    ['delivered', 'green'],
    ['confirmed', 'blue'],
    ['processing', 'indigo'],
    ['packed', 'purple'],
    ['shipped', 'cyan'],
    ['out_for_delivery', 'orange'],
    ['failed_delivery', 'red'],
    ['cancelled', 'red'],
    ['returned', 'grey'],
    ['refunded', 'grey'],
  ])('colours %s %s', (status, colour) => {
    expect(orderStatusColour(status)).toBe(colour);
  });
});

describe('status machine (DESIGN 4)', () => {
  it('walks the happy path from pending to delivered', () => {
    const path: OrderStatus[] = [
      'pending',
      'paid',
      'confirmed',
      'processing',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
    ];
    for (let step = 1; step < path.length; step++) {
      expect(canTransition(path[step - 1]!, path[step]!)).toBe(true);
    }
  });

  it('retries a failed delivery, or returns it to the store along the RTO path, never through delivered', () => {
    expect(canTransition('out_for_delivery', 'failed_delivery')).toBe(true);
    expect(nextStatuses('failed_delivery')).toEqual(['out_for_delivery', 'rto_initiated']);
    expect(nextStatuses('rto_initiated')).toEqual(['rto_in_transit']);
    expect(nextStatuses('rto_in_transit')).toEqual(['returned']);
    expect(canTransition('failed_delivery', 'returned')).toBe(false);
    expect(canTransition('rto_initiated', 'delivered')).toBe(false);
    expect(canTransition('rto_in_transit', 'delivered')).toBe(false);
    expect(orderStatusLabel('rto_initiated')).toBe('Return to Store Started');
    expect(orderStatusLabel('rto_in_transit')).toBe('Returning to Store');
  });

  it('leaves every state from shipped on to the courier once a shipment exists (decision 0065)', () => {
    expect(courierOwnsStep('packed', 'shipped')).toBe(true);
    expect(courierOwnsStep('failed_delivery', 'out_for_delivery')).toBe(true);
    expect(courierOwnsStep('out_for_delivery', 'delivered')).toBe(true);
    expect(courierOwnsStep('rto_in_transit', 'returned')).toBe(true);
    // The shopper's return of a delivered order is the returns module's, not a scan.
    expect(courierOwnsStep('delivered', 'returned')).toBe(false);
    expect(courierOwnsStep('paid', 'cancelled')).toBe(false);
  });

  it('lets a delivered order be returned', () => {
    expect(nextStatuses('delivered')).toEqual(['returned']);
  });

  it('cancels only before packing', () => {
    const cancellable = ORDER_STATUSES.filter((status) => canTransition(status, 'cancelled'));
    expect(cancellable).toEqual(['pending', 'paid', 'confirmed', 'processing']);
  });

  it('refuses skipping payment, going back, and leaving a final status', () => {
    expect(canTransition('pending', 'confirmed')).toBe(false);
    expect(canTransition('shipped', 'packed')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(nextStatuses('returned')).toEqual([]);
  });

  it('refuses a status outside the spec', () => {
    expect(isOrderStatus('refunded')).toBe(false);
    expect(isOrderStatus('delivered')).toBe(true);
  });
});

describe('return window (SPEC 1: 7-day return)', () => {
  const deliveredAt = new Date('2025-10-20T10:00:00+05:30');

  it('is open for seven days after delivery', () => {
    expect(RETURN_WINDOW_DAYS).toBe(7);
    expect(isWithinReturnWindow(deliveredAt, new Date('2025-10-27T10:00:00+05:30'))).toBe(true);
  });

  it('is closed after seven days', () => {
    expect(isWithinReturnWindow(deliveredAt, new Date('2025-10-27T10:00:01+05:30'))).toBe(false);
  });
});

describe('expected-delivery hint (SPEC 2 My Orders)', () => {
  it('shows for orders still on their way', () => {
    expect(showsExpectedDelivery('paid')).toBe(true);
    expect(showsExpectedDelivery('out_for_delivery')).toBe(true);
  });

  it('hides for delivered, cancelled and returned orders', () => {
    expect(showsExpectedDelivery('delivered')).toBe(false);
    expect(showsExpectedDelivery('cancelled')).toBe(false);
    expect(showsExpectedDelivery('returned')).toBe(false);
  });
});
