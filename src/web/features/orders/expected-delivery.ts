import type { OrderRecord } from '../../../shared/api/orders';
import { DELIVERY_MESSAGES } from '../../../shared/delivery-rules';
import { DAY_MS, INDIA_TIME_ZONE } from '../../../shared/india-time';
import { showsExpectedDelivery } from '../../../shared/order-status';
import { PRE_ORDER_DAYS_CHECKOUT } from '../../../shared/pincode';

type OrderDelivery = Pick<OrderRecord, 'status' | 'items' | 'deliveryEstimate' | 'createdAt'>;

const shortDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});

/** Whether any line waits for stock: the order then arrives in the pre-order window. */
export const hasPreOrderItems = (order: Pick<OrderRecord, 'items' | 'deliveryEstimate'>) =>
  order.items.some((item) => item.isPreOrder) || order.deliveryEstimate?.isPreOrder === true;

/** The last day of a window written as the server and SPEC 9 write them: 'Today', '1 Day', '2-4 Days', '15-20 days'. */
export function lastDayOf(days: string): number | null {
  if (/^today$/i.test(days.trim())) return 0;
  const match = /^(\d+)(?:\s*-\s*(\d+))?\s*days?$/i.exec(days.trim());
  return match ? Number(match[2] ?? match[1]) : null;
}

/** 'by 27 Nov 2026', counted from the day the order was placed; null when the window is unreadable. */
function byDate(createdAt: string, days: string): string | null {
  const last = lastDayOf(days);
  const placed = new Date(createdAt).getTime();
  if (last === null || Number.isNaN(placed)) return null;
  return `by ${shortDate.format(new Date(placed + last * DAY_MS))}`;
}

/**
 * SPEC 2 "My Orders": the expected-delivery hint, or null for orders that are not on their way
 * (delivered, cancelled, returned). The window was quoted when the order was placed, so it is
 * turned into a date: 'Today' must not still say today a week later. A pre-order states the
 * checkout's window (SPEC 9: 15-20 days), the one the shopper was quoted, and only that one.
 */
export function expectedDeliveryHint(order: OrderDelivery): string | null {
  if (!showsExpectedDelivery(order.status)) return null;
  if (hasPreOrderItems(order)) {
    const by = byDate(order.createdAt, PRE_ORDER_DAYS_CHECKOUT);
    return `Expected delivery${by ? ` ${by}` : ''} (pre-order, ${PRE_ORDER_DAYS_CHECKOUT})`;
  }
  const estimate = order.deliveryEstimate;
  if (!estimate) return `Expected to be ${DELIVERY_MESSAGES.lookupFailedEstimate}`;
  const when = byDate(order.createdAt, estimate.days) ?? `in ${estimate.days}`;
  const place = estimate.city ? ` to ${estimate.city}` : '';
  return `Expected delivery ${when}${place}${estimate.fastDelivery ? ' (Express)' : ''}`;
}
