import type { ParcelSize } from '../../../shared/parcel';

/** What the store tells the courier about a parcel to book. */
export type Booking = {
  orderNumber: string;
  orderDate: Date;
  customer: {
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    email: string;
    phone: string;
  };
  items: { name: string; sku: string; units: number; sellingPriceRupees: number }[];
  subTotalRupees: number;
  /** Decision 0042: rupees the courier collects at the door (COD fee included); null: prepaid. */
  cashToCollectRupees: number | null;
  parcel: ParcelSize;
};

export type BookedShipment = {
  providerOrderId: string;
  providerShipmentId: string;
  awb: string;
  courierName: string;
  label: Buffer;
  pickupDate: string | null;
  expectedDelivery: string | null;
};

/**
 * Decision 0066: a reverse pickup: the courier collects the returned items from the customer and
 * brings them to the store (Shiprocket's return order).
 */
export type ReturnBooking = {
  /** The return's own number with the courier (the order's number and the return's id). */
  returnNumber: string;
  orderDate: Date;
  pickup: Booking['customer'];
  /** Where the parcel comes back to: the store. */
  store: { name: string; address: string; city: string; state: string; pincode: string; phone: string };
  items: Booking['items'];
  subTotalRupees: number;
  parcel: ParcelSize;
};

export type BookedReturn = { providerOrderId: string; awb: string; courierName: string };

/**
 * The answer to a failed delivery, as the courier's NDR action takes it: the shopper's (a new date,
 * or a corrected address and phone) or the owner's (decision 0065: a new attempt on a date, with a
 * corrected address, landmark or phone, or the parcel back to the store).
 */
export type NdrAnswer =
  | { kind: 'reattempt'; date: string; address?: string; landmark?: string; phone?: string }
  | { kind: 'fix_address'; address: string; phone: string }
  | { kind: 'return' };

export type TrackedScan = {
  status: string;
  statusId: number | null;
  activity: string;
  location: string;
  at: string;
};

/** What the store asks before promising a delivery: can a courier take a parcel there? */
export type ServiceabilityQuery = {
  pickupPincode: string;
  deliveryPincode: string;
  weightGrams: number;
  cod: boolean;
};

/** The courier's answer: not served, or served with its estimate in days (null: none given). */
export type Serviceability =
  | { serviceable: false }
  | { serviceable: true; estimatedDays: number | null; courierName: string | null };

/**
 * DESIGN 6: Shiprocket and the built-in sandbox courier behind one interface. The sandbox speaks
 * Shiprocket's protocol, so both are the same client (shiprocket-client.ts) with another base.
 */
export type CourierProvider = {
  name: 'shiprocket' | 'sandbox';
  /** Creates the courier's order, assigns an AWB, schedules the pickup and fetches the label. */
  book(booking: Booking): Promise<BookedShipment>;
  cancel(providerOrderId: string): Promise<void>;
  /** Decision 0066: books a reverse pickup and assigns its AWB. */
  bookReturn(booking: ReturnBooking): Promise<BookedReturn>;
  track(awb: string): Promise<TrackedScan[]>;
  answerFailedDelivery(awb: string, answer: NdrAnswer): Promise<void>;
  /** Whether a courier serves the pincode, and how many days it expects to take. */
  serviceability(query: ServiceabilityQuery): Promise<Serviceability>;
  /** Whether a tracking webhook's `x-api-key` header is the configured token. */
  acceptsWebhookToken(token: string | undefined): boolean;
};
