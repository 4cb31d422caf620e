import { DELIVERY_MESSAGES } from './delivery-rules';
import { type ChosenWindow, type DELIVERY_SLOTS, deliveryChoiceText } from './delivery-slot-rules';
import { DAY_MS, formatIndiaDate } from './india-time';
import { PRE_ORDER_DAYS_CHECKOUT } from './pincode';

// Decision 0068: an order makes one delivery promise, worded here once, and My Orders, the order's
// page and its mails all say this sentence. A day chosen at checkout is the promise (the estimate
// of the pincode's speed is not shown beside it); else the estimate quoted when the order was made,
// as a date counted from that day; a pre-order, the checkout's pre-order window (SPEC 9).

/** What an order holds of its delivery, as its record and its mail both carry it. */
export type PromisedDelivery = {
  /** When the order was placed (ISO text or a Date). */
  createdAt: string | Date;
  /** The day and slot chosen at checkout; null when none was. */
  delivery: { date: string; slot: keyof typeof DELIVERY_SLOTS; window?: ChosenWindow | null } | null;
  /** The pincode's delivery quoted when the order was made; null when it could not be. */
  deliveryEstimate: { days: string; city: string; fastDelivery: boolean; isPreOrder?: boolean } | null;
  /** Whether any line waits for stock. */
  hasPreOrder: boolean;
};

/** The last day of a window as the server and SPEC 9 write them: 'Today', '1 Day', '2-4 Days', '15-20 days'. */
export function lastDayOf(days: string): number | null {
  if (/^today$/i.test(days.trim())) return 0;
  const match = /^(\d+)(?:\s*-\s*(\d+))?\s*days?$/i.exec(days.trim());
  return match ? Number(match[2] ?? match[1]) : null;
}

/** 'by 27 Nov 2026', counted from the day the order was placed; null when the window is unreadable. */
function byDate(createdAt: string | Date, days: string): string | null {
  const last = lastDayOf(days);
  const placed = new Date(createdAt).getTime();
  if (last === null || Number.isNaN(placed)) return null;
  return `by ${formatIndiaDate(new Date(placed + last * DAY_MS))}`;
}

/** 'Delivery on Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)': a day chosen at checkout. */
export const chosenDayPromise = (choice: {
  date: string;
  slot: keyof typeof DELIVERY_SLOTS;
  window?: ChosenWindow | null;
}) => `Delivery on ${deliveryChoiceText(choice)}`;

/**
 * The order's delivery promise: 'Delivery on Mon, 7 Dec · Standard delivery (9 AM - 9 PM)', or
 * 'Expected delivery by 6 Dec 2026 to Bengaluru (Express)', or the pre-order's window.
 */
export function deliveryPromise(order: PromisedDelivery): string {
  if (order.delivery) return chosenDayPromise(order.delivery);
  if (order.hasPreOrder || order.deliveryEstimate?.isPreOrder) {
    const by = byDate(order.createdAt, PRE_ORDER_DAYS_CHECKOUT);
    return `Expected delivery${by ? ` ${by}` : ''} (pre-order, ${PRE_ORDER_DAYS_CHECKOUT})`;
  }
  const estimate = order.deliveryEstimate;
  if (!estimate) return `Expected to be ${DELIVERY_MESSAGES.lookupFailedEstimate}`;
  const when = byDate(order.createdAt, estimate.days) ?? `in ${estimate.days}`;
  const place = estimate.city ? ` to ${estimate.city}` : '';
  return `Expected delivery ${when}${place}${estimate.fastDelivery ? ' (Express)' : ''}`;
}
