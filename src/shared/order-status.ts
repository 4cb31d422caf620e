import { DAY_MS } from './india-time';
import { RETURN_WINDOW_DAYS } from './return-rules';

// SPEC 4 "Order status": the values, their labels and badge colours.
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'confirmed',
  'processing',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'failed_delivery',
  // Decision 0065: a parcel the courier takes back to the store (RTO), never through 'delivered'.
  'rto_initiated',
  'rto_in_transit',
  'returned',
  'cancelled',
] as const;

// Zod-free, so that every back-office page showing a status label does not load Zod for it.
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

const SPECIAL_LABELS: Partial<Record<OrderStatus, string>> = {
  pending: 'Payment Pending',
  paid: 'Payment Confirmed',
  confirmed: 'Order Confirmed',
  out_for_delivery: 'Out for Delivery',
  failed_delivery: 'Delivery Failed',
  rto_initiated: 'Return to Store Started',
  rto_in_transit: 'Returning to Store',
};

/** SPEC 4: the spec's labels; any other value (known or not) capitalised, underscores as spaces. */
export function orderStatusLabel(status: string): string {
  const special = isOrderStatus(status) ? SPECIAL_LABELS[status] : undefined;
  if (special) return special;
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type BadgeColour =
  | 'yellow'
  | 'green'
  | 'blue'
  | 'indigo'
  | 'purple'
  | 'cyan'
  | 'orange'
  | 'red'
  | 'grey';

const STATUS_COLOURS: Partial<Record<OrderStatus, BadgeColour>> = {
  pending: 'yellow',
  paid: 'green',
  delivered: 'green',
  confirmed: 'blue',
  processing: 'indigo',
  packed: 'purple',
  shipped: 'cyan',
  out_for_delivery: 'orange',
  failed_delivery: 'red',
  rto_initiated: 'orange',
  rto_in_transit: 'orange',
  cancelled: 'red',
};

/** SPEC 4: badge colour; 'returned' and unknown values are grey. */
export function orderStatusColour(status: string): BadgeColour {
  return (isOrderStatus(status) ? STATUS_COLOURS[status] : undefined) ?? 'grey';
}

// DESIGN 4 "Status machine": anything not listed is refused (409 on the server).
const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['packed', 'cancelled'],
  packed: ['shipped'],
  shipped: ['out_for_delivery'],
  out_for_delivery: ['delivered', 'failed_delivery'],
  // Decision 0065: a failed delivery is tried again or goes back (RTO) to the store.
  failed_delivery: ['out_for_delivery', 'rto_initiated'],
  rto_initiated: ['rto_in_transit'],
  rto_in_transit: ['returned'],
  // Only within RETURN_WINDOW_DAYS of delivery; the caller checks the date (isWithinReturnWindow).
  delivered: ['returned'],
  returned: [],
  cancelled: [],
};

export const nextStatuses = (from: OrderStatus): readonly OrderStatus[] => TRANSITIONS[from];

/**
 * Decision 0065: the statuses only the courier's scans give an order once it has a shipment. A
 * return from 'delivered' is the returns module's (the shopper's return), not the courier's.
 */
const COURIER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'shipped',
  'out_for_delivery',
  'delivered',
  'failed_delivery',
  'rto_initiated',
  'rto_in_transit',
  'returned',
]);
export const courierOwnsStep = (from: OrderStatus, to: OrderStatus): boolean =>
  COURIER_STATUSES.has(to) && !(from === 'delivered' && to === 'returned');

/** Decision 0065: the parcel is on its way back to the store (RTO), or back there. */
export const RTO_STATUSES: readonly OrderStatus[] = ['rto_initiated', 'rto_in_transit'];
export const isReturningToStore = (status: string) => (RTO_STATUSES as readonly string[]).includes(status);

export const COURIER_OWNS_MESSAGE =
  "The courier's scans move this order now that it has a shipment. For a failed delivery, use the courier's actions: a new attempt or a return to the store.";

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => TRANSITIONS[from].includes(to);

export { RETURN_WINDOW_DAYS } from './return-rules';

/**
 * Decision 0051: the shopper cancels an order paid online themselves until it is packed, as they
 * ordered it themselves (Consumer Protection (E-Commerce) Rules 2020, r.4(10): no cancellation
 * charge, and r.5(3)(d)/r.6: the policy stated and followed). What was paid goes back to the
 * original payment method at once. A cash on delivery order has its own, longer rule
 * (shopperMayCancelCod: until the courier picks it up).
 */
const SHOPPER_CANCELLABLE_PAID: ReadonlySet<string> = new Set(['paid', 'confirmed', 'processing']);
export const shopperMayCancelPaid = (status: string) => SHOPPER_CANCELLABLE_PAID.has(status);

export const PAID_CANCEL_MESSAGES = {
  tooLate: 'This order has been packed, so it can no longer be cancelled. You can return it once delivered.',
  changed: 'This order changed meanwhile. Please reload the page.',
} as const;

/**
 * Whether `now` is within the return window of `days` (a change of mind's 7 unless said) that
 * opened at `deliveredAt` (both from the caller).
 */
export function isWithinReturnWindow(deliveredAt: Date, now: Date, days = RETURN_WINDOW_DAYS): boolean {
  const elapsed = now.getTime() - deliveredAt.getTime();
  return elapsed >= 0 && elapsed <= days * DAY_MS;
}

/**
 * SPEC 2 "My Orders": the expected-delivery hint is for orders not delivered or cancelled. A
 * returned order has no delivery ahead of it either, so it gets no hint.
 */
export const showsExpectedDelivery = (status: string): boolean =>
  status !== 'delivered' && status !== 'cancelled' && status !== 'returned' && !isReturningToStore(status);

/**
 * What `returning` more units of a line refunds, when `before` of its `quantity` units
 * were returned already and the whole line cost `linePaidPaise`. Rounded down per step, so the
 * shares of all units add up to the line exactly.
 */
export function returnShare(
  linePaidPaise: number,
  quantity: number,
  before: number,
  returning: number,
): number {
  const upTo = (units: number) => Math.floor((linePaidPaise * units) / quantity);
  return upTo(before + returning) - upTo(before);
}
