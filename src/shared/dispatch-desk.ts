import { DELIVERY_SLOTS } from './delivery-slot-rules';
import type { OrderStatus } from './order-status';

// Decision 0077: the dispatch desk. Without Zod, so the order list shows its words without loading it.

/**
 * An order the store can book a courier for: paid online, or a cash on delivery order the store
 * confirmed (decision 0042: COD orders start as confirmed and are paid at the door). Payment Pending
 * never ships.
 */
export const READY_TO_SHIP: readonly OrderStatus[] = ['paid', 'confirmed', 'processing', 'packed'];

/** The order list's queues: "Ship today" is what the dispatch desk works through first. */
export const ORDER_QUEUES = {
  'ship-today': 'Ship today',
  // Decision 0081: paid gifts sent by link whose recipient has not given the address yet.
  'waiting-for-recipient': 'Waiting for the recipient',
} as const;
export type OrderQueue = keyof typeof ORDER_QUEUES;

/** How the order list may be sorted. */
export const ORDER_SORTS = {
  newest: 'Newest first',
  delivery: 'Delivery date, timed and midnight slots first',
} as const;
export type OrderSort = keyof typeof ORDER_SORTS;

export const SLOT_FILTERS = {
  // Decision 0073: every owner's timed slot (early morning, fixed time) at once.
  timed: 'Timed slots',
  midnight: DELIVERY_SLOTS.midnight,
  standard: DELIVERY_SLOTS.standard,
} as const;

/** The last delivery date (India, 'YYYY-MM-DD') the "Ship today" queue holds: tomorrow. */
export const SHIP_TODAY_DAYS_AHEAD = 1;
