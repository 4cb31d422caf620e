import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SHIPPING_MESSAGES } from '../../../shared/api/courier';
import { indiaWireTime } from '../../../shared/india-time';
import { unavailable as serviceUnavailable } from '../../errors';
import type {
  Booking,
  CourierProvider,
  NdrAnswer,
  ReturnBooking,
  Serviceability,
  ServiceabilityQuery,
  TrackedScan,
} from './courier-provider';

export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

// Shiprocket's login token lasts 10 days; log in again a day early, and at once on a 401.
const TOKEN_LIFETIME_MS = 9 * 24 * 60 * 60 * 1000;

const LoginAnswer = z.looseObject({ token: z.string().min(1) });
const CreatedOrder = z.looseObject({
  order_id: z.union([z.number(), z.string()]),
  shipment_id: z.union([z.number(), z.string()]),
});
const AssignedAwb = z.looseObject({
  awb_assign_status: z.number().optional(),
  response: z.looseObject({
    data: z.looseObject({ awb_code: z.string().min(1), courier_name: z.string().min(1) }),
  }),
});
const PickupAnswer = z.looseObject({
  response: z.looseObject({ pickup_scheduled_date: z.string().nullish() }).optional(),
});
const LabelAnswer = z.looseObject({ label_url: z.string().min(1) });
const TrackAnswer = z.looseObject({
  tracking_data: z.looseObject({
    etd: z.string().nullish(),
    shipment_track_activities: z
      .array(
        z.looseObject({
          date: z.string(),
          status: z.string().nullish(),
          activity: z.string().nullish(),
          location: z.string().nullish(),
          'sr-status': z.union([z.string(), z.number()]).nullish(),
          'sr-status-label': z.string().nullish(),
        }),
      )
      .nullish(),
  }),
});

const ServiceabilityAnswer = z.looseObject({
  status: z.union([z.number(), z.string()]).nullish(),
  data: z
    .looseObject({
      available_courier_companies: z
        .array(
          z.looseObject({
            courier_company_id: z.union([z.number(), z.string()]).nullish(),
            courier_name: z.string().nullish(),
            // Written as a string ("3") by Shiprocket, sometimes empty.
            estimated_delivery_days: z.union([z.number(), z.string()]).nullish(),
          }),
        )
        .nullish(),
      recommended_courier_company_id: z.union([z.number(), z.string()]).nullish(),
    })
    .nullish(),
});

/** The recommended courier's answer (else the fastest one's); none at all is "not served". */
function serviceabilityOf(answer: z.infer<typeof ServiceabilityAnswer>): Serviceability {
  const companies = answer.data?.available_courier_companies ?? [];
  if (Number(answer.status ?? 200) === 404 || companies.length === 0) return { serviceable: false };
  const daysOf = (company: (typeof companies)[number]) => {
    const days = Number(company.estimated_delivery_days);
    return company.estimated_delivery_days != null &&
      company.estimated_delivery_days !== '' &&
      Number.isInteger(days) &&
      days >= 0
      ? days
      : null;
  };
  const recommended = answer.data?.recommended_courier_company_id;
  const chosen =
    companies.find(
      (company) => recommended != null && String(company.courier_company_id) === String(recommended),
    ) ??
    [...companies].sort(
      (a, b) => (daysOf(a) ?? Number.POSITIVE_INFINITY) - (daysOf(b) ?? Number.POSITIVE_INFINITY),
    )[0]!;
  return { serviceable: true, estimatedDays: daysOf(chosen), courierName: chosen.courier_name ?? null };
}

/** 'YYYY-MM-DD HH:mm' in India time, as Shiprocket's order_date is written. */
const shiprocketDateTime = (instant: Date) => indiaWireTime(instant).slice(0, 16);

const sameToken = (expected: string, given: string | undefined) => {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Shiprocket's REST API (apiv2.shiprocket.in/v1/external): token login, adhoc order, AWB, pickup,
 * label, tracking by AWB, cancel and the NDR action. The built-in sandbox courier serves the same
 * paths, so this client talks to it too (with `fetch` answered inside this server).
 */
export function createShiprocketClient({
  name,
  baseUrl,
  email,
  password,
  pickupLocation,
  webhookToken,
  timeoutMs,
  fetch: fetchAnswer = globalThis.fetch,
  now = () => new Date(),
}: {
  name: CourierProvider['name'];
  baseUrl: string;
  email: string;
  password: string;
  pickupLocation: string;
  webhookToken: string | undefined;
  /** How long one call may take (OUTSIDE_CALL_TIMEOUT_MS). */
  timeoutMs: number;
  fetch?: FetchLike;
  now?: () => Date;
}): CourierProvider {
  const api = `${baseUrl.replace(/\/$/, '')}/v1/external`;
  let session: { token: string; until: number } | null = null;

  const unavailable = (detail: string) =>
    serviceUnavailable(`${SHIPPING_MESSAGES.courierFailed} (${detail})`);

  /**
   * Every call is bounded by the timeout, and a courier that cannot be reached is a 503 like one
   * that refuses (decision 0053), never a 500.
   */
  async function fetch(url: string, init: Parameters<FetchLike>[1]): Promise<Response> {
    try {
      return await fetchAnswer(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const what =
        error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'not reachable';
      throw unavailable(`${new URL(url).pathname.replace(/^.*\/v1\/external/, '')}: ${what}`);
    }
  }

  async function login(): Promise<string> {
    const response = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw unavailable(`login answered ${response.status}`);
    const { token } = LoginAnswer.parse(await response.json());
    session = { token, until: now().getTime() + TOKEN_LIFETIME_MS };
    return token;
  }

  /** The answer to an authenticated call (logging in first, and again once on a 401). */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const send = async (token: string) =>
      fetch(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const token = session && session.until > now().getTime() ? session.token : await login();
    const response = await send(token);
    return response.status === 401 ? send(await login()) : response;
  }

  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await authorised(method, path, body);
    if (!response.ok) throw unavailable(`${path} answered ${response.status}`);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw unavailable(`${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    name,
    async book(booking: Booking) {
      const [firstName, ...rest] = booking.customer.name.trim().split(/\s+/);
      const created = await call(CreatedOrder, 'POST', '/orders/create/adhoc', {
        order_id: booking.orderNumber,
        order_date: shiprocketDateTime(booking.orderDate),
        pickup_location: pickupLocation,
        billing_customer_name: firstName ?? booking.customer.name,
        billing_last_name: rest.join(' '),
        billing_address: booking.customer.address,
        billing_city: booking.customer.city,
        billing_pincode: booking.customer.pincode,
        billing_state: booking.customer.state,
        billing_country: 'India',
        billing_email: booking.customer.email,
        billing_phone: booking.customer.phone,
        shipping_is_billing: true,
        order_items: booking.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          selling_price: item.sellingPriceRupees,
        })),
        // A COD parcel's sub_total is what the courier collects (Shiprocket's COD amount).
        ...(booking.cashToCollectRupees === null
          ? { payment_method: 'Prepaid', sub_total: booking.subTotalRupees }
          : { payment_method: 'COD', sub_total: booking.cashToCollectRupees }),
        length: booking.parcel.lengthCm,
        breadth: booking.parcel.breadthCm,
        height: booking.parcel.heightCm,
        // Shiprocket takes the weight in kilograms.
        weight: booking.parcel.weightGrams / 1000,
      });
      const shipmentId = Number(created.shipment_id);
      const assigned = await call(AssignedAwb, 'POST', '/courier/assign/awb', { shipment_id: shipmentId });
      const pickup = await call(PickupAnswer, 'POST', '/courier/generate/pickup', {
        shipment_id: [shipmentId],
      });
      const { label_url: labelUrl } = await call(LabelAnswer, 'POST', '/courier/generate/label', {
        shipment_id: [shipmentId],
      });
      const labelResponse = await fetch(labelUrl, { method: 'GET' });
      if (!labelResponse.ok) throw unavailable(`the label answered ${labelResponse.status}`);
      const label = Buffer.from(await labelResponse.arrayBuffer());
      const awb = assigned.response.data.awb_code;
      const tracking = await call(TrackAnswer, 'GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
      return {
        providerOrderId: String(created.order_id),
        providerShipmentId: String(shipmentId),
        awb,
        courierName: assigned.response.data.courier_name,
        label,
        pickupDate: pickup.response?.pickup_scheduled_date?.slice(0, 10) ?? null,
        expectedDelivery: tracking.tracking_data.etd?.slice(0, 10) ?? null,
      };
    },

    /**
     * Decision 0066: Shiprocket's return order (POST /orders/create/return): pickup_* is the
     * customer, shipping_* the store; then an AWB for its shipment, as a forward booking gets.
     */
    async bookReturn(booking: ReturnBooking) {
      const [firstName, ...rest] = booking.pickup.name.trim().split(/\s+/);
      const created = await call(CreatedOrder, 'POST', '/orders/create/return', {
        order_id: booking.returnNumber,
        order_date: shiprocketDateTime(booking.orderDate),
        pickup_customer_name: firstName ?? booking.pickup.name,
        pickup_last_name: rest.join(' '),
        pickup_address: booking.pickup.address,
        pickup_city: booking.pickup.city,
        pickup_state: booking.pickup.state,
        pickup_country: 'India',
        pickup_pincode: booking.pickup.pincode,
        pickup_email: booking.pickup.email,
        pickup_phone: booking.pickup.phone,
        shipping_customer_name: booking.store.name,
        shipping_address: booking.store.address,
        shipping_city: booking.store.city,
        shipping_state: booking.store.state,
        shipping_country: 'India',
        shipping_pincode: booking.store.pincode,
        shipping_phone: booking.store.phone,
        order_items: booking.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          selling_price: item.sellingPriceRupees,
        })),
        payment_method: 'Prepaid',
        sub_total: booking.subTotalRupees,
        length: booking.parcel.lengthCm,
        breadth: booking.parcel.breadthCm,
        height: booking.parcel.heightCm,
        weight: booking.parcel.weightGrams / 1000,
      });
      const assigned = await call(AssignedAwb, 'POST', '/courier/assign/awb', {
        shipment_id: Number(created.shipment_id),
        is_return: 1,
      });
      return {
        providerOrderId: String(created.order_id),
        awb: assigned.response.data.awb_code,
        courierName: assigned.response.data.courier_name,
      };
    },

    async cancel(providerOrderId: string) {
      await call(z.unknown(), 'POST', '/orders/cancel', { ids: [Number(providerOrderId)] });
    },

    async track(awb: string): Promise<TrackedScan[]> {
      const answer = await call(TrackAnswer, 'GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
      return (answer.tracking_data.shipment_track_activities ?? []).map((scan) => ({
        status: scan['sr-status-label'] ?? scan.status ?? '',
        statusId: scan['sr-status'] == null || scan['sr-status'] === '' ? null : Number(scan['sr-status']),
        activity: scan.activity ?? '',
        location: scan.location ?? '',
        at: scan.date,
      }));
    },

    // Shiprocket's NDR action (POST /ndr/{awb}/action): 're-attempt', optionally on a deferred date
    // with a corrected address (address1, address2) and phone, or 'return' to origin.
    async answerFailedDelivery(awb: string, answer: NdrAnswer) {
      const body =
        answer.kind === 'return'
          ? { action: 'return', comments: 'The store asked for the parcel back' }
          : answer.kind === 'reattempt'
            ? {
                action: 're-attempt',
                comments: 'A new attempt on the date asked',
                deferred_date: answer.date,
                ...(answer.address ? { address1: answer.address } : {}),
                ...(answer.landmark ? { address2: answer.landmark } : {}),
                ...(answer.phone ? { phone: answer.phone } : {}),
              }
            : {
                action: 're-attempt',
                comments: 'Shopper corrected the address and phone',
                address1: answer.address,
                phone: answer.phone,
              };
      await call(z.unknown(), 'POST', `/ndr/${encodeURIComponent(awb)}/action`, body);
    },

    async serviceability(query: ServiceabilityQuery): Promise<Serviceability> {
      const search = new URLSearchParams({
        pickup_postcode: query.pickupPincode,
        delivery_postcode: query.deliveryPincode,
        // Shiprocket takes the weight in kilograms.
        weight: String(query.weightGrams / 1000),
        cod: query.cod ? '1' : '0',
      });
      const path = `/courier/serviceability/?${search}`;
      const response = await authorised('GET', path);
      // Shiprocket answers a pincode no courier serves with a 404 and a message.
      if (response.status === 404) return { serviceable: false };
      if (!response.ok) throw unavailable(`/courier/serviceability answered ${response.status}`);
      const parsed = ServiceabilityAnswer.safeParse(await response.json());
      if (!parsed.success) throw unavailable('/courier/serviceability answered an unexpected body');
      return serviceabilityOf(parsed.data);
    },

    acceptsWebhookToken: (token) => webhookToken !== undefined && sameToken(webhookToken, token),
  };
}
