import type { OrderStatus } from './order-status';

// The tracking scans a courier reports, what each is called for people, and which order
// status each one means (DESIGN 4 "Status machine": the courier moves an order only along it).

export const TRACKING_KINDS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'rto_in_transit',
  'rto_delivered',
] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

const LABELS: Readonly<Record<TrackingKind, string>> = {
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempt failed',
  rto_initiated: 'Return to the store started',
  rto_in_transit: 'Returning to the store',
  rto_delivered: 'Returned to the store',
};

export const trackingKindLabel = (kind: string): string =>
  (LABELS as Record<string, string | undefined>)[kind] ?? kind.replace(/_/g, ' ');

/**
 * The order status a scan stands for; an in-transit scan changes nothing. Decision 0065: a return
 * to origin has statuses of its own, so it never passes through 'delivered'.
 */
export const ORDER_STATUS_OF_SCAN: Readonly<Record<TrackingKind, OrderStatus | null>> = {
  picked_up: 'shipped',
  in_transit: 'shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  undelivered: 'failed_delivery',
  rto_initiated: 'rto_initiated',
  rto_in_transit: 'rto_in_transit',
  rto_delivered: 'returned',
};

/**
 * Shiprocket's tracking statuses (its webhook's `current_status` and `shipment_status_id`) as the
 * scans above. Anything else (manifested, pickup scheduled, lost, ...) is kept off the timeline.
 */
const SHIPROCKET_STATUS_IDS: Readonly<Record<number, TrackingKind>> = {
  42: 'picked_up',
  6: 'in_transit',
  18: 'in_transit',
  17: 'out_for_delivery',
  7: 'delivered',
  21: 'undelivered',
  9: 'rto_initiated',
  46: 'rto_in_transit',
  10: 'rto_delivered',
};
const SHIPROCKET_STATUS_NAMES: Readonly<Record<string, TrackingKind>> = {
  'PICKED UP': 'picked_up',
  SHIPPED: 'in_transit',
  'IN TRANSIT': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'undelivered',
  'RTO INITIATED': 'rto_initiated',
  'RTO IN TRANSIT': 'rto_in_transit',
  'RTO DELIVERED': 'rto_delivered',
};

export function trackingKindOfShiprocket(status: string, statusId?: number | null): TrackingKind | null {
  const byName = SHIPROCKET_STATUS_NAMES[status.trim().toUpperCase().replace(/[_-]/g, ' ')];
  if (byName) return byName;
  return statusId != null ? (SHIPROCKET_STATUS_IDS[statusId] ?? null) : null;
}

export const SHIPROCKET_STATUS_OF: Readonly<Record<TrackingKind, { name: string; id: number }>> = {
  picked_up: { name: 'PICKED UP', id: 42 },
  in_transit: { name: 'IN TRANSIT', id: 18 },
  out_for_delivery: { name: 'OUT FOR DELIVERY', id: 17 },
  delivered: { name: 'DELIVERED', id: 7 },
  undelivered: { name: 'UNDELIVERED', id: 21 },
  rto_initiated: { name: 'RTO INITIATED', id: 9 },
  rto_in_transit: { name: 'RTO IN TRANSIT', id: 46 },
  rto_delivered: { name: 'RTO DELIVERED', id: 10 },
};

/** The public tracking page (its head is written by the server, its body by the web app). */
export const TRACK_PAGE = {
  path: '/track',
  /** The query parameter that fills in the order number; the contact never goes in a link. */
  orderNumberParam: 'orderNumber',
  title: 'Track your order',
  description:
    'Follow a parcel with its order number and the phone number or e-mail on the order: courier, AWB, every scan and the expected delivery date.',
} as const;

/** The tracking page for one order, as every message about its parcel links it (the number only). */
export const trackPathOf = (orderNumber: string) =>
  `${TRACK_PAGE.path}?${TRACK_PAGE.orderNumberParam}=${encodeURIComponent(orderNumber)}`;

/** The shopper's own page of an order: its timeline and, after a failed delivery, the form to answer it. */
export const orderPagePathOf = (orderId: string) => `/order-confirmation/${orderId}`;
