import { z } from 'zod';
import { ADDRESS_LIMITS } from '../address';
import { ParcelSize } from '../parcel';
import { isValidPhone, PHONE_INPUT_MAX } from '../phone';

// Shipments booked with the courier, their tracking, and the public tracking page.

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
  /** Decision 0065: the owner's answer when the shopper (or another owner's tab) answered first. */
  alreadyActed: 'The courier already has an answer for this failed delivery',
  answerNotTaken:
    'The courier did not take this answer just now, so nothing was changed. Please try again in a few minutes.',
} as const;

/** Decision 0064: what the customer is told when their parcel comes back to the store (RTO). */
export const RTO_NOTES = {
  prepaidBack:
    'Your parcel came back to us undelivered. We will refund what you paid once it is checked in at our store, and tell you when we do.',
  codBack:
    'Your parcel came back to us undelivered. It was cash on delivery, so nothing was charged and nothing is owed.',
} as const;

export const SHIPMENT_STATUSES = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'rto_in_transit',
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

export const TrackingEvent = z.object({
  kind: z.string(),
  label: z.string(),
  activity: z.string(),
  location: z.string(),
  at: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/**
 * Decision 0065: the latest delivery attempt that failed, while the order waits on it: the
 * courier's reason, when, what was answered (by whom), and the dates a new attempt may take.
 */
export const FailedDelivery = z.object({
  reason: z.string(),
  at: z.string(),
  answer: z.string().nullable(),
  earliestDate: z.string(),
  latestDate: z.string(),
});
export type FailedDelivery = z.infer<typeof FailedDelivery>;

export const ShipmentState = z.object({
  shipment: Shipment.nullable(),
  failedDelivery: FailedDelivery.nullable(),
  /** Decision 0064: a cash on delivery order waiting for the customer's YES is not booked yet. */
  awaitingCodYes: z.boolean(),
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

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * POST /api/admin/orders/:id/shipment/failed-delivery (decision 0065): the owner's answer to a
 * failed delivery is the courier's NDR action: a new attempt on a date, with a corrected address,
 * a landmark or a phone if they have one, or the parcel back to the store.
 */
export const OwnerDeliveryAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('reattempt'),
    date: z.iso.date('Pick a date').max(10, 'Pick a date'),
    address: optionalText(ADDRESS_LIMITS.addressLine * 2, 'The address is too long'),
    landmark: optionalText(ADDRESS_LIMITS.addressLine, 'The landmark is too long'),
    phone: z
      .string()
      .trim()
      .max(PHONE_INPUT_MAX)
      .refine((value) => value === '' || isValidPhone(value), 'Please enter a valid 10-digit phone number')
      .optional()
      .transform((value) => (value ? value : undefined)),
  }),
  z.object({ action: z.literal('return') }),
]);
export type OwnerDeliveryAction = z.infer<typeof OwnerDeliveryAction>;

/**
 * Decision 0064: a parcel the courier brought back to the store, as the order's page shows it:
 * checked in or not, what it owes back (rupees, after the return freight deduction), refunded when.
 */
export const ReturnedParcel = z.object({
  cashOnDelivery: z.boolean(),
  checkedInAt: z.string().nullable(),
  owed: z.number(),
  deduction: z.number(),
  refundedAt: z.string().nullable(),
});
export type ReturnedParcel = z.infer<typeof ReturnedParcel>;
export const ReturnedParcelResponse = z.object({ returnedParcel: ReturnedParcel.nullable() });
export type ReturnedParcelResponse = z.infer<typeof ReturnedParcelResponse>;

/** GET /api/admin/refunds-owed: the dashboard's refunds owed, oldest first, with their age. */
export const RefundsOwed = z.object({
  refunds: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      customerName: z.string(),
      amount: z.number(),
      deduction: z.number(),
      checkedInAt: z.string(),
      ageDays: z.number().int(),
    }),
  ),
  total: z.number(),
});
export type RefundsOwed = z.infer<typeof RefundsOwed>;
