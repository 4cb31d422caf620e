import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { SHIPROCKET_STATUS_OF, type TrackingKind } from '../../../shared/courier-events';
import { addDays, indiaDateOf, indiaDayStart, indiaWireTime } from '../../../shared/india-time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RenderLabel } from './label-pool';
import type { FetchLike } from './shiprocket-client';
import { sandboxParcels } from './tables';

export const SANDBOX_COURIER_NAME = 'Utsav Sandbox Express';
export const SANDBOX_COURIER_EMAIL = 'sandbox@courier.test';

/**
 * The sandbox's documented failing pincodes (docs/operations.md): a parcel to one of them is not
 * delivered on its first attempt, for the reason given, and goes back to the store (RTO) unless
 * the shopper answers with a new date or a corrected address first.
 */
export const SANDBOX_FAILING_PINCODES: Readonly<Record<string, string>> = {
  '110011': 'Customer not available',
  '400005': 'Address incomplete, landmark needed',
  '411001': 'Address incomplete, landmark needed',
};

/**
 * Decision 0065: a documented pincode whose failed parcel the sandbox holds a real day for the
 * seller's answer, whatever its speed, so the owner's failed-delivery screen can be tried by hand.
 */
export const SANDBOX_HOLDS_FOR_ANSWER: readonly string[] = ['411001'];

/**
 * The sandbox's documented serviceability (docs/operations.md), for COURIER_SERVICEABILITY: a
 * pincode no courier serves, a remote one with the courier's own longer estimate, and two that
 * show the store's own rule taking over from a courier that is slow or failing.
 */
export const SANDBOX_SERVICEABILITY = {
  /** Car Nicobar: no courier goes there. */
  unserved: ['744301'],
  /** Leh: served, in the courier's own estimate of days. */
  remoteDays: { '194101': 9 } as Readonly<Record<string, number>>,
  /** Gangtok: the answer takes this long, past any sensible wait. */
  slow: { pincode: '737101', delayMs: 5000 },
  /** Aizawl: the courier's API fails (500). */
  failing: '796001',
} as const;

const ServiceabilityQuery = z.object({
  pickup_postcode: z.string().regex(/^\d{6}$/),
  delivery_postcode: z.string().regex(/^\d{6}$/),
  weight: z.coerce.number().positive().max(500),
  cod: z.enum(['0', '1']),
});

const HOUR = 60 * 60 * 1000;
// Without an answer the sandbox holds an undelivered parcel this long, then returns it (RTO).
const HOLD_BEFORE_RTO_MS = 24 * HOUR;

type PlannedScan = { kind: TrackingKind; activity: string; location: string; dueAt: string };

type Booking = {
  orderNumber: string;
  customerName: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  weightGrams: number;
  dimensionsCm: string;
  /** Rupees to collect at the door; absent for a prepaid parcel (and parcels booked before COD). */
  codRupees?: number;
  /** Decision 0066: a reverse pickup, from the customer back to the store. */
  isReturn?: boolean;
};

export type SandboxRequest = {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
};
export type SandboxAnswer = { status: number; json?: unknown; pdf?: Buffer };

/**
 * The webhook the sandbox sends a scan through: the same code as Shiprocket's (shipping service).
 * False when the store does not know the AWB yet (its booking is still being saved).
 */
export type DeliverWebhook = (payload: unknown, token: string) => Promise<boolean>;

// A scan of a parcel whose AWB the store never saved (its booking failed after the courier took
// it) is dropped once it is this late.
const UNKNOWN_PARCEL_GIVE_UP_MS = 10 * 60 * 1000;

// Shiprocket requires the customer's State in an adhoc order (billing_state) and a return order
// (pickup_state), and answers 422 without it (apidocs.shiprocket.in, "Create Custom Order" and
// "Create Return Order"); the sandbox refuses it the same way, so a booking without one fails here
// before it fails in production.
const CreateAdhoc = z.looseObject({
  order_id: z.string().min(1).max(64),
  billing_customer_name: z.string().max(200),
  billing_last_name: z.string().max(200).optional(),
  billing_address: z.string().max(500),
  billing_city: z.string().max(100),
  billing_state: z.string().trim().min(1).max(100),
  billing_pincode: z.string().regex(/^\d{6}$/),
  billing_phone: z.string().max(20),
  payment_method: z.enum(['Prepaid', 'COD']).default('Prepaid'),
  sub_total: z.number().nonnegative().max(100_000_000).optional(),
  weight: z.number().positive(),
  length: z.number().positive(),
  breadth: z.number().positive(),
  height: z.number().positive(),
});
const CreateReturn = z.looseObject({
  order_id: z.string().min(1).max(64),
  pickup_customer_name: z.string().max(200),
  pickup_last_name: z.string().max(200).optional(),
  pickup_address: z.string().max(500),
  pickup_city: z.string().max(100),
  pickup_state: z.string().trim().min(1).max(100),
  pickup_pincode: z.string().regex(/^\d{6}$/),
  pickup_phone: z.string().max(20),
  weight: z.number().positive(),
  length: z.number().positive(),
  breadth: z.number().positive(),
  height: z.number().positive(),
});
const ShipmentIds = z.looseObject({ shipment_id: z.array(z.number().int()).min(1).max(100) });
const NdrAction = z.looseObject({
  action: z.enum(['re-attempt', 'return']),
  deferred_date: z.string().max(20).optional(),
  address1: z.string().max(500).optional(),
  address2: z.string().max(500).optional(),
  phone: z.string().max(20).optional(),
});

/** A documented failure (SANDBOX_FAILING_PINCODES) that only a corrected address or landmark cures. */
const NEEDS_ADDRESS = /address|landmark/i;

const AWB_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * An AWB nobody can guess: 14 random characters (70 bits) after SBX. A label's link and the
 * courier's tracking are keyed on it; a sequence with three random digits fell to 900 guesses.
 */
export function newAwb(): string {
  let awb = 'SBX';
  for (let index = 0; index < 14; index++) awb += AWB_ALPHABET[randomInt(AWB_ALPHABET.length)];
  return awb;
}

/**
 * The built-in courier (DESIGN 6): Shiprocket's paths and shapes under /sandbox/courier, behind a
 * token, keeping its parcels in the database; and a clock that sends each parcel's scans, planned
 * from the store's delivery promise and sped up by `speed`, through the tracking webhook.
 */
export function createSandboxCourier({
  db,
  clock,
  token,
  speed,
  origin,
  deliveryDaysFor,
  renderLabel,
}: {
  db: Db;
  clock: Clock;
  token: string;
  /** Draws a label in the label pool's worker thread (label-pool.ts). */
  renderLabel: RenderLabel;
  /** How many times faster than real time the parcels move (1 = real time). */
  speed: number;
  origin: { name: string; address: string; city: string };
  /** The store's promise for a pincode, in days (the delivery check's upper bound). */
  deliveryDaysFor: (pincode: string) => Promise<number>;
}) {
  const labelKey = (awb: string) =>
    createHmac('sha256', token).update(`label:${awb}`).digest('hex').slice(0, 32);
  const sameText = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const later = (from: Date, realMs: number) => new Date(from.getTime() + realMs / speed);
  // The days the sandbox itself takes: the store's promise, or its documented remote estimate.
  const courierDaysFor = async (pincode: string) =>
    SANDBOX_SERVICEABILITY.remoteDays[pincode] ?? (await deliveryDaysFor(pincode));

  /**
   * Scans at least a second apart, as a courier's are: their times are written to the second, and
   * the webhook stores one scan per status and time.
   */
  function spaced(scans: PlannedScan[], after?: Date): PlannedScan[] {
    let previous = after ? after.getTime() : Number.NEGATIVE_INFINITY;
    return scans.map((scan) => {
      const due = Math.max(new Date(scan.dueAt).getTime(), previous + 1000);
      previous = due;
      return { ...scan, dueAt: new Date(due).toISOString() };
    });
  }

  function planFor(
    parcel: { pincode: string; city: string; deliveryDays: number },
    from: Date,
  ): PlannedScan[] {
    const days = Math.max(1, parcel.deliveryDays);
    const failing = SANDBOX_FAILING_PINCODES[parcel.pincode];
    const scans: PlannedScan[] = [
      {
        kind: 'picked_up',
        activity: 'Shipment picked up',
        location: origin.city,
        dueAt: later(from, 2 * HOUR).toISOString(),
      },
      {
        kind: 'in_transit',
        activity: 'Left the origin hub',
        location: `${origin.city} hub`,
        dueAt: later(from, 6 * HOUR).toISOString(),
      },
      {
        kind: 'in_transit',
        activity: 'Reached the destination hub',
        location: `${parcel.city} hub`,
        dueAt: later(from, (days * 24 - 12) * HOUR).toISOString(),
      },
      {
        kind: 'out_for_delivery',
        activity: 'Out for delivery',
        location: parcel.city,
        dueAt: later(from, (days * 24 - 6) * HOUR).toISOString(),
      },
    ];
    const lastMs = (days * 24 - 2) * HOUR;
    if (!failing) {
      scans.push({
        kind: 'delivered',
        activity: 'Delivered',
        location: parcel.city,
        dueAt: later(from, lastMs).toISOString(),
      });
      return spaced(scans);
    }
    const failedAt = later(from, lastMs);
    scans.push(
      {
        kind: 'undelivered',
        activity: failing,
        location: parcel.city,
        dueAt: failedAt.toISOString(),
      },
      ...(SANDBOX_HOLDS_FOR_ANSWER.includes(parcel.pincode)
        ? rtoScans(parcel.city, new Date(failedAt.getTime() + HOLD_BEFORE_RTO_MS), { holdMs: 0 })
        : rtoScans(parcel.city, failedAt)),
    );
    return spaced(scans);
  }

  /**
   * Decision 0066: a reverse pickup's scans: picked up at the customer's a few hours after the
   * AWB, then carried back to the store in the days a delivery there would take.
   */
  function returnPlanFor(parcel: { city: string; deliveryDays: number }, from: Date): PlannedScan[] {
    const days = Math.max(1, parcel.deliveryDays);
    return spaced([
      {
        kind: 'picked_up',
        activity: 'Return picked up from the customer',
        location: parcel.city,
        dueAt: later(from, 4 * HOUR).toISOString(),
      },
      {
        kind: 'in_transit',
        activity: 'Return on its way to the store',
        location: `${parcel.city} hub`,
        dueAt: later(from, 12 * HOUR).toISOString(),
      },
      {
        kind: 'delivered',
        activity: 'Return delivered to the store',
        location: origin.city,
        dueAt: later(from, (days * 24 + 4) * HOUR).toISOString(),
      },
    ]);
  }

  /**
   * The way back to the store (decision 0065: RTO initiated, in transit, delivered to the seller),
   * after the courier's hold without an answer, or at once when the seller asked for it.
   */
  function rtoScans(
    city: string,
    from: Date,
    { holdMs = HOLD_BEFORE_RTO_MS, why = 'No answer from the buyer: returning to origin' } = {},
  ): PlannedScan[] {
    return [
      { kind: 'rto_initiated', activity: why, location: city, dueAt: later(from, holdMs).toISOString() },
      {
        kind: 'rto_in_transit',
        activity: 'On the way back to the seller',
        location: `${city} hub`,
        dueAt: later(from, holdMs + 12 * HOUR).toISOString(),
      },
      {
        kind: 'rto_delivered',
        activity: 'Returned to the seller',
        location: origin.city,
        dueAt: later(from, holdMs + 48 * HOUR).toISOString(),
      },
    ];
  }

  /** A booked parcel, forward or return, kept under the order's number; its shipment id. */
  async function storeParcel(booking: Booking, now: Date): Promise<number> {
    const [parcel] = await db
      .insert(sandboxParcels)
      .values({
        channelOrderId: booking.orderNumber,
        pincode: booking.pincode,
        city: booking.city,
        deliveryDays: await courierDaysFor(booking.pincode),
        booking,
        createdAt: now,
      })
      .returning({ id: sandboxParcels.id });
    return parcel!.id;
  }

  async function parcelByShipmentId(shipmentId: number) {
    const [parcel] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.id, shipmentId));
    return parcel;
  }

  function webhookPayloadOf(parcel: typeof sandboxParcels.$inferSelect, scan: PlannedScan) {
    const status = SHIPROCKET_STATUS_OF[scan.kind];
    const at = indiaWireTime(new Date(scan.dueAt));
    return {
      awb: parcel.awb,
      courier_name: SANDBOX_COURIER_NAME,
      current_status: status.name,
      current_status_id: status.id,
      shipment_status: status.name,
      shipment_status_id: status.id,
      current_timestamp: at,
      order_id: parcel.channelOrderId,
      sr_order_id: parcel.id,
      etd: null,
      scans: [
        {
          date: at,
          status: status.name,
          activity: scan.activity,
          location: scan.location,
          'sr-status': status.id,
          'sr-status-label': status.name,
        },
      ],
      is_return: scan.kind.startsWith('rto') || (parcel.booking as Booking).isReturn ? 1 : 0,
    };
  }

  /** Shiprocket's API as the sandbox answers it; every path but login needs the Bearer token. */
  async function handle(request: SandboxRequest): Promise<SandboxAnswer> {
    const path = new URL(request.path, 'http://sandbox.local').pathname.replace(/^\/v1\/external/, '');
    const url = new URL(request.path, 'http://sandbox.local');
    const labelMatch = /^\/labels\/([A-Z0-9]+)\.pdf$/.exec(url.pathname);
    if (request.method === 'GET' && labelMatch) {
      // Like Shiprocket's label links, the address is the only key: it carries a MAC of the AWB.
      if (!sameText(labelKey(labelMatch[1] ?? ''), url.searchParams.get('key') ?? '')) {
        return { status: 404, json: { message: 'No such label' } };
      }
      const [parcel] = await db
        .select()
        .from(sandboxParcels)
        .where(eq(sandboxParcels.awb, labelMatch[1] ?? ''));
      if (!parcel?.awb) return { status: 404, json: { message: 'No such label' } };
      const booking = parcel.booking as Booking;
      const pdf = await renderLabel({
        awb: parcel.awb,
        courierName: SANDBOX_COURIER_NAME,
        orderNumber: booking.orderNumber,
        to: {
          name: booking.customerName,
          address: booking.address,
          city: booking.city,
          state: booking.state,
          pincode: booking.pincode,
          phone: booking.phone,
        },
        from: { name: origin.name, address: origin.address },
        weightGrams: booking.weightGrams,
        dimensionsCm: booking.dimensionsCm,
        codRupees: booking.codRupees ?? null,
      });
      return { status: 200, pdf };
    }
    if (request.method === 'POST' && path === '/auth/login') {
      const body = z.looseObject({ email: z.string(), password: z.string() }).safeParse(request.body);
      if (!body.success || body.data.email !== SANDBOX_COURIER_EMAIL || body.data.password !== token) {
        return { status: 401, json: { message: 'Invalid email and password combination' } };
      }
      return { status: 200, json: { token, email: SANDBOX_COURIER_EMAIL, first_name: 'Sandbox' } };
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      return { status: 401, json: { message: 'Token has expired or is invalid' } };
    }
    const now = clock.now();

    if (request.method === 'GET' && path === '/courier/serviceability/') {
      const query = ServiceabilityQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success)
        return { status: 422, json: { message: 'Oops! Invalid Data.', errors: query.error.issues } };
      const pincode = query.data.delivery_postcode;
      if (pincode === SANDBOX_SERVICEABILITY.failing)
        return { status: 500, json: { message: 'Server Error' } };
      if (pincode === SANDBOX_SERVICEABILITY.slow.pincode) {
        await new Promise((resolve) => setTimeout(resolve, SANDBOX_SERVICEABILITY.slow.delayMs).unref());
      }
      if ((SANDBOX_SERVICEABILITY.unserved as readonly string[]).includes(pincode)) {
        return { status: 404, json: { status: 404, message: 'Delivery postcode not serviceable' } };
      }
      const days = await courierDaysFor(pincode);
      return {
        status: 200,
        json: {
          status: 200,
          data: {
            available_courier_companies: [
              {
                courier_company_id: 1,
                courier_name: SANDBOX_COURIER_NAME,
                estimated_delivery_days: String(days),
                etd: addDays(indiaDateOf(now), days),
                cod: 1,
              },
            ],
            recommended_courier_company_id: 1,
          },
        },
      };
    }

    if (request.method === 'POST' && path === '/orders/create/adhoc') {
      const body = CreateAdhoc.safeParse(request.body);
      if (!body.success)
        return { status: 422, json: { message: 'Oops! Invalid Data.', errors: body.error.issues } };
      const order = body.data;
      const booking: Booking = {
        orderNumber: order.order_id,
        customerName: [order.billing_customer_name, order.billing_last_name].filter(Boolean).join(' '),
        address: order.billing_address,
        city: order.billing_city,
        state: order.billing_state,
        pincode: order.billing_pincode,
        phone: order.billing_phone,
        weightGrams: Math.round(order.weight * 1000),
        dimensionsCm: `${order.length} x ${order.breadth} x ${order.height}`,
        ...(order.payment_method === 'COD' ? { codRupees: order.sub_total ?? 0 } : {}),
      };
      const parcelId = await storeParcel(booking, now);
      return {
        status: 200,
        json: {
          order_id: parcelId,
          shipment_id: parcelId,
          status: 'NEW',
          status_code: 1,
          awb_code: '',
          courier_name: '',
        },
      };
    }

    if (request.method === 'POST' && path === '/orders/create/return') {
      const body = CreateReturn.safeParse(request.body);
      if (!body.success)
        return { status: 422, json: { message: 'Oops! Invalid Data.', errors: body.error.issues } };
      const order = body.data;
      const booking: Booking = {
        orderNumber: order.order_id,
        customerName: [order.pickup_customer_name, order.pickup_last_name].filter(Boolean).join(' '),
        address: order.pickup_address,
        city: order.pickup_city,
        state: order.pickup_state,
        pincode: order.pickup_pincode,
        phone: order.pickup_phone,
        weightGrams: Math.round(order.weight * 1000),
        dimensionsCm: `${order.length} x ${order.breadth} x ${order.height}`,
        isReturn: true,
      };
      const parcelId = await storeParcel(booking, now);
      return {
        status: 200,
        json: { order_id: parcelId, shipment_id: parcelId, status: 'RETURN PENDING', status_code: 21 },
      };
    }

    if (request.method === 'POST' && path === '/courier/assign/awb') {
      const body = z.looseObject({ shipment_id: z.number().int() }).safeParse(request.body);
      const parcel = body.success ? await parcelByShipmentId(body.data.shipment_id) : undefined;
      if (!parcel || parcel.cancelledAt) return { status: 400, json: { message: 'Shipment not found' } };
      const awb = parcel.awb ?? newAwb();
      if (!parcel.awb) await db.update(sandboxParcels).set({ awb }).where(eq(sandboxParcels.id, parcel.id));
      // A reverse pickup is scheduled with its AWB (no label: the courier brings its own).
      if ((parcel.booking as Booking).isReturn && parcel.status === 'new') {
        await db
          .update(sandboxParcels)
          .set({ status: 'active', plan: returnPlanFor(parcel, now) })
          .where(and(eq(sandboxParcels.id, parcel.id), eq(sandboxParcels.status, 'new')));
      }
      return {
        status: 200,
        json: {
          awb_assign_status: 1,
          response: {
            data: {
              awb_code: awb,
              courier_name: SANDBOX_COURIER_NAME,
              courier_company_id: 1,
              shipment_id: parcel.id,
            },
          },
        },
      };
    }

    if (request.method === 'POST' && path === '/courier/generate/pickup') {
      const body = ShipmentIds.safeParse(request.body);
      const parcel = body.success ? await parcelByShipmentId(body.data.shipment_id[0]!) : undefined;
      if (!parcel?.awb || parcel.cancelledAt)
        return { status: 400, json: { message: 'Assign an AWB first' } };
      const pickupDate = indiaDateOf(later(now, 2 * HOUR));
      await db
        .update(sandboxParcels)
        .set({ status: 'active', pickupDate, plan: planFor(parcel, now) })
        .where(and(eq(sandboxParcels.id, parcel.id), eq(sandboxParcels.status, 'new')));
      return {
        status: 200,
        json: { pickup_status: 1, response: { pickup_scheduled_date: `${pickupDate} 12:00:00`, status: 3 } },
      };
    }

    if (request.method === 'POST' && path === '/courier/generate/label') {
      const body = ShipmentIds.safeParse(request.body);
      const parcel = body.success ? await parcelByShipmentId(body.data.shipment_id[0]!) : undefined;
      if (!parcel?.awb) return { status: 400, json: { message: 'Assign an AWB first' } };
      return {
        status: 200,
        json: {
          label_created: 1,
          label_url: `${request.headers['x-sandbox-base'] ?? ''}/labels/${parcel.awb}.pdf?key=${labelKey(parcel.awb)}`,
          not_created: [],
        },
      };
    }

    const trackMatch = /^\/courier\/track\/awb\/([A-Z0-9]+)$/.exec(path);
    if (request.method === 'GET' && trackMatch) {
      const [parcel] = await db
        .select()
        .from(sandboxParcels)
        .where(eq(sandboxParcels.awb, trackMatch[1] ?? ''));
      if (!parcel) return { status: 404, json: { message: 'AWB not found' } };
      const sent = parcel.sent as PlannedScan[];
      const plan = parcel.plan as PlannedScan[];
      const delivery = [...sent, ...plan].find((scan) => scan.kind === 'delivered');
      return {
        status: 200,
        json: {
          tracking_data: {
            track_status: 1,
            shipment_status: sent.length > 0 ? SHIPROCKET_STATUS_OF[sent[sent.length - 1]!.kind].id : 0,
            etd: delivery
              ? `${indiaDateOf(new Date(delivery.dueAt))} 18:00:00`
              : `${addDays(indiaDateOf(parcel.createdAt), parcel.deliveryDays)} 18:00:00`,
            shipment_track_activities: sent
              .map((scan) => ({
                date: indiaWireTime(new Date(scan.dueAt)),
                status: SHIPROCKET_STATUS_OF[scan.kind].name,
                activity: scan.activity,
                location: scan.location,
                'sr-status': SHIPROCKET_STATUS_OF[scan.kind].id,
                'sr-status-label': SHIPROCKET_STATUS_OF[scan.kind].name,
              }))
              .reverse(),
          },
        },
      };
    }

    if (request.method === 'POST' && path === '/orders/cancel') {
      const body = z.looseObject({ ids: z.array(z.number().int()).min(1).max(100) }).safeParse(request.body);
      if (!body.success) return { status: 422, json: { message: 'ids are required' } };
      for (const id of body.data.ids) {
        const parcel = await parcelByShipmentId(id);
        if (parcel && (parcel.sent as PlannedScan[]).length > 0) {
          return { status: 400, json: { message: 'A picked up shipment cannot be cancelled' } };
        }
        await db
          .update(sandboxParcels)
          .set({ status: 'cancelled', cancelledAt: now, plan: [] })
          .where(and(eq(sandboxParcels.id, id), isNull(sandboxParcels.cancelledAt)));
      }
      return { status: 200, json: { status: 200, message: 'Order cancelled successfully' } };
    }

    const ndrMatch = /^\/ndr\/([A-Z0-9]+)\/action$/.exec(path);
    if (request.method === 'POST' && ndrMatch) {
      const body = NdrAction.safeParse(request.body);
      const [parcel] = await db
        .select()
        .from(sandboxParcels)
        .where(eq(sandboxParcels.awb, ndrMatch[1] ?? ''));
      if (!body.success || !parcel) return { status: 422, json: { message: 'Invalid NDR action' } };
      const sent = parcel.sent as PlannedScan[];
      if (sent[sent.length - 1]?.kind !== 'undelivered') {
        return { status: 400, json: { message: 'This shipment is not in NDR' } };
      }
      const lastSent = sent[sent.length - 1];
      const after = lastSent ? new Date(lastSent.dueAt) : undefined;
      if (body.data.action === 'return') {
        const plan = spaced(
          rtoScans(parcel.city, now, { holdMs: 2 * HOUR, why: 'Returning to origin as the seller asked' }),
          after,
        );
        await db
          .update(sandboxParcels)
          .set({ plan, ndrAction: body.data })
          .where(eq(sandboxParcels.id, parcel.id));
        return { status: 200, json: { status: true, message: 'Action taken successfully' } };
      }
      // A new attempt on the asked date (at 10:00 India time), or in a few hours for a corrected
      // address; the sandbox then delivers it, unless the first attempt failed for want of an
      // address or landmark and none came with this one: then it fails again and goes back.
      const asked = body.data.deferred_date
        ? indiaDayStart(body.data.deferred_date).getTime() + 10 * HOUR
        : 0;
      const attemptAt = new Date(
        Math.max(later(now, 4 * HOUR).getTime(), now.getTime() + (asked - now.getTime()) / speed),
      );
      const reason = SANDBOX_FAILING_PINCODES[parcel.pincode] ?? '';
      const stillLacking = NEEDS_ADDRESS.test(reason) && !body.data.address1 && !body.data.address2;
      const ending: PlannedScan[] = stillLacking
        ? [
            {
              kind: 'undelivered',
              activity: reason,
              location: parcel.city,
              dueAt: later(attemptAt, 3 * HOUR).toISOString(),
            },
            ...rtoScans(parcel.city, later(attemptAt, 3 * HOUR)),
          ]
        : [
            {
              kind: 'delivered',
              activity: 'Delivered',
              location: parcel.city,
              dueAt: later(attemptAt, 3 * HOUR).toISOString(),
            },
          ];
      const plan = spaced(
        [
          {
            kind: 'out_for_delivery',
            activity: 'Out for delivery (new attempt)',
            location: parcel.city,
            dueAt: attemptAt.toISOString(),
          },
          ...ending,
        ],
        after,
      );
      await db
        .update(sandboxParcels)
        .set({ plan, ndrAction: body.data })
        .where(eq(sandboxParcels.id, parcel.id));
      return { status: 200, json: { status: true, message: 'Action taken successfully' } };
    }

    return { status: 404, json: { message: 'Not found' } };
  }

  /** `fetch` answered by the sandbox itself, so the Shiprocket client needs no network to reach it. */
  const fetchInProcess =
    (base: string): FetchLike =>
    async (url, init = {}) => {
      const path = url.startsWith(base) ? url.slice(base.length) : new URL(url).pathname;
      const answer = await handle({
        method: init.method ?? 'GET',
        path,
        headers: { ...init.headers, 'x-sandbox-base': base },
        body: init.body ? JSON.parse(init.body) : undefined,
      });
      return answer.pdf
        ? new Response(new Uint8Array(answer.pdf), {
            status: answer.status,
            headers: { 'content-type': 'application/pdf' },
          })
        : new Response(JSON.stringify(answer.json ?? {}), {
            status: answer.status,
            headers: { 'content-type': 'application/json' },
          });
    };

  /**
   * Sends every scan that is due through the webhook, oldest first. A scan leaves the plan only
   * after its webhook was taken, so a failure sends it again next time (the webhook is idempotent).
   */
  async function sendDueScans(deliver: DeliverWebhook): Promise<number> {
    const now = clock.now();
    const parcels = await db.select().from(sandboxParcels).where(eq(sandboxParcels.status, 'active'));
    let sentCount = 0;
    for (const parcel of parcels) {
      let plan = parcel.plan as PlannedScan[];
      let sent = parcel.sent as PlannedScan[];
      while (plan[0] && new Date(plan[0].dueAt) <= now) {
        const scan = plan[0];
        const taken = await deliver(webhookPayloadOf(parcel, scan), token);
        // Sent again next time, unless the store has not known the parcel for far too long.
        if (!taken && now.getTime() - new Date(scan.dueAt).getTime() < UNKNOWN_PARCEL_GIVE_UP_MS) break;
        plan = plan.slice(1);
        sent = [...sent, scan];
        // An unanswered failed delivery goes back to the store on the courier's own schedule.
        const done = plan.length === 0 && (scan.kind === 'delivered' || scan.kind === 'rto_delivered');
        await db
          .update(sandboxParcels)
          .set({ plan, sent, ...(done ? { status: 'done' } : {}) })
          .where(eq(sandboxParcels.id, parcel.id));
        sentCount += 1;
      }
    }
    return sentCount;
  }

  return { handle, fetchInProcess, sendDueScans, token };
}

export type SandboxCourier = ReturnType<typeof createSandboxCourier>;
