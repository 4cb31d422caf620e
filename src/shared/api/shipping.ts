import { z } from 'zod';
import { ADDRESS_LIMITS } from '../address';
import { ParcelSize } from '../parcel';
import { isValidPhone, PHONE_INPUT_MAX } from '../phone';
import { orderSelection } from './admin-bulk';

// Issue 24: shipments booked with the courier, their tracking, and the public tracking page.

export const SHIPPING_MESSAGES = {
  notShippable: 'Only a paid order that has not shipped yet can be shipped',
  alreadyShipped: 'This order already has a shipment',
  noShipment: 'This order has no shipment',
  noLabels: 'None of the chosen orders has a shipment yet; ship them first',
  pickedUp: 'The courier has already picked up this parcel, so the shipment cannot be cancelled',
  courierFailed: 'The courier did not accept the shipment just now. Please try again.',
  trackNotFound: 'We could not find an order with that number and phone or e-mail',
  badWebhookToken: 'Invalid webhook token',
  noFailedDelivery: 'This order has no failed delivery to answer',
  alreadyAnswered: 'The courier already has your answer for this delivery',
  dateOutOfRange: 'Pick a date within the next 7 days',
} as const;

export const SHIPMENT_STATUSES = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'rto_delivered',
  'cancelled',
] as const;

export const Shipment = z.object({
  awb: z.string(),
  courier: z.string(),
  labelUrl: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  pickupDate: z.string().nullable(),
  expectedDelivery: z.string().nullable(),
});
export type Shipment = z.infer<typeof Shipment>;

export const ShipmentResponse = z.object({ shipment: Shipment });
export type ShipmentResponse = z.infer<typeof ShipmentResponse>;

/**
 * POST /api/admin/orders/:id/shipment: the parcel as the owner weighed and measured it; without
 * one, the order's parcel from its products (their own figures, else their category's).
 */
export const ShipRequest = z.object({ parcel: ParcelSize.optional() });
export type ShipRequest = z.infer<typeof ShipRequest>;

/** GET /api/admin/orders/:id/shipment: the shipment, and the parcel a booking would send. */
// Each booking is a call to the courier (about a second with Shiprocket), so a request is bounded
// to what a page of the order list shows and a person waits for; the labels print as one PDF.
export const MAX_BULK_SHIPMENTS = 100;

/** POST /api/admin/shipments: the ticked orders or the list's filter (counted again, refused beyond the maximum). */
export const BulkShipRequest = orderSelection(MAX_BULK_SHIPMENTS, 'can be shipped');
export type BulkShipRequest = z.infer<typeof BulkShipRequest>;

/** POST /api/admin/shipments/labels.pdf: the chosen orders' labels as one PDF, a page each. */
export const BulkLabels = orderSelection(MAX_BULK_SHIPMENTS, 'can have their labels printed');
export type BulkLabels = z.infer<typeof BulkLabels>;

export const BulkShipResponse = z.object({
  results: z.array(
    z.object({
      orderId: z.string(),
      /** '' when no such order exists. */
      orderNumber: z.string(),
      shipment: Shipment.nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type BulkShipResponse = z.infer<typeof BulkShipResponse>;

export const TrackingEvent = z.object({
  kind: z.string(),
  label: z.string(),
  activity: z.string(),
  location: z.string(),
  at: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

export const ShipmentState = z.object({
  shipment: Shipment.nullable(),
  proposedParcel: ParcelSize,
  /**
   * Decision 0054: the courier's scans the order's status machine refused (a return after
   * delivery), oldest first: kept apart for the owner, never on the shipment or its timeline.
   */
  refusedScans: z.array(TrackingEvent),
});
export type ShipmentState = z.infer<typeof ShipmentState>;

/** What anyone who knows the order number and its phone or e-mail may see: never a price. */
export const TrackedOrder = z.object({
  number: z.string(),
  status: z.string(),
  courier: z.string().nullable(),
  awb: z.string().nullable(),
  expectedDelivery: z.string().nullable(),
  events: z.array(TrackingEvent),
});
export type TrackedOrder = z.infer<typeof TrackedOrder>;

export const TrackResponse = z.object({ order: TrackedOrder });
export type TrackResponse = z.infer<typeof TrackResponse>;

export const TrackQuery = z.object({
  orderNumber: z.string().trim().min(1, 'Enter your order number').max(32),
  contact: z.string().trim().min(1, 'Enter the phone or e-mail on the order').max(254),
});
export type TrackQuery = z.infer<typeof TrackQuery>;

/** The shopper's own order page: the tracking above plus what a failed delivery asks of them. */
export const OrderTracking = TrackedOrder.extend({
  failedDelivery: z
    .object({ reason: z.string(), answered: z.boolean(), latestDate: z.string(), earliestDate: z.string() })
    .nullable(),
});
export type OrderTracking = z.infer<typeof OrderTracking>;
export const OrderTrackingResponse = z.object({ tracking: OrderTracking.nullable() });
export type OrderTrackingResponse = z.infer<typeof OrderTrackingResponse>;

// A new attempt is asked within a week (couriers hold an undelivered parcel about that long).
export const REATTEMPT_WINDOW_DAYS = 7;

export const DeliveryAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reattempt'), date: z.iso.date('Pick a date').max(10, 'Pick a date') }),
  z.object({
    kind: z.literal('fix_address'),
    address: z
      .string()
      .trim()
      .min(1, 'Enter the address')
      .max(ADDRESS_LIMITS.addressLine * 2),
    phone: z
      .string()
      .trim()
      .max(PHONE_INPUT_MAX)
      .refine(isValidPhone, 'Please enter a valid 10-digit phone number'),
  }),
]);
export type DeliveryAnswer = z.infer<typeof DeliveryAnswer>;
