import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES } from '../../../shared/api/courier';
import { startHangingServer } from '../../testing/outage-servers';
import type { Booking } from './courier-provider';
import { createShiprocketClient } from './shiprocket-client';

// Shiprocket's documented requests (apidocs.shiprocket.in), checked one by one by a local stand-in.

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };

const TOKEN = 'jwt-from-shiprocket';
const seen: Seen[] = [];
let server: Server;
let base = '';
let expiredOnce = false;

const LABEL = Buffer.from('%PDF-1.4 stand-in label');

function answer(request: Seen): { status: number; body: unknown } {
  if (request.url === '/v1/external/auth/login')
    return { status: 200, body: { token: TOKEN, id: 7, email: 'owner@store.test' } };
  if (request.headers.authorization !== `Bearer ${TOKEN}`)
    return { status: 401, body: { message: 'Unauthorized' } };
  if (request.url === '/v1/external/orders/create/adhoc' && expiredOnce === false) {
    expiredOnce = true;
    return { status: 401, body: { message: 'Token has expired' } };
  }
  const url = new URL(request.url, 'http://stand-in');
  if (request.method === 'GET' && url.pathname === '/v1/external/courier/serviceability/') {
    // The documented query, exactly: both postcodes, the weight in kg and cod as 0 or 1.
    const query = Object.fromEntries(url.searchParams);
    if (Object.keys(query).sort().join() !== 'cod,delivery_postcode,pickup_postcode,weight')
      return { status: 422, body: { message: 'Oops! Invalid Data.' } };
    if (query.delivery_postcode === '744301')
      return { status: 404, body: { status: 404, message: 'Delivery postcode not serviceable' } };
    if (query.delivery_postcode === '796001') return { status: 500, body: { message: 'Server Error' } };
    if (query.delivery_postcode === '110002')
      return { status: 200, body: { status: 200, data: { available_courier_companies: [] } } };
    return {
      status: 200,
      body: {
        status: 200,
        data: {
          available_courier_companies: [
            {
              courier_company_id: 10,
              courier_name: 'Delhivery Surface',
              estimated_delivery_days: '5',
              cod: 1,
            },
            { courier_company_id: 24, courier_name: 'Xpressbees', estimated_delivery_days: '4', cod: 1 },
            { courier_company_id: 51, courier_name: 'Ekart', estimated_delivery_days: '', cod: 0 },
          ],
          recommended_courier_company_id: query.cod === '1' ? 10 : null,
        },
      },
    };
  }
  switch (request.url) {
    case '/v1/external/orders/create/adhoc':
      return {
        status: 200,
        body: { order_id: 281248157, shipment_id: 280651040, status: 'NEW', status_code: 1 },
      };
    case '/v1/external/courier/assign/awb':
      return {
        status: 200,
        body: {
          awb_assign_status: 1,
          response: {
            data: { awb_code: '19041424751540', courier_name: 'Delhivery Surface', shipment_id: 280651040 },
          },
        },
      };
    case '/v1/external/courier/generate/pickup':
      return {
        status: 200,
        body: { pickup_status: 1, response: { pickup_scheduled_date: '2031-03-11 12:00:00', status: 3 } },
      };
    case '/v1/external/courier/generate/label':
      return {
        status: 200,
        body: { label_created: 1, label_url: `${base}/labels/280651040.pdf`, not_created: [] },
      };
    case '/v1/external/courier/track/awb/19041424751540':
      return {
        status: 200,
        body: {
          tracking_data: {
            track_status: 1,
            etd: '2031-03-14 18:00:00',
            shipment_track_activities: [
              {
                date: '2031-03-11 15:10:00',
                status: 'X-PPOM',
                activity: 'Shipment picked up',
                location: 'Bengaluru',
                'sr-status': '42',
                'sr-status-label': 'PICKED UP',
              },
            ],
          },
        },
      };
    case '/v1/external/orders/cancel':
      return { status: 200, body: { status: 200, message: 'Order cancelled successfully.' } };
    case '/v1/external/ndr/19041424751540/action':
      return { status: 200, body: { status: true, message: 'Action taken successfully' } };
    default:
      return { status: 404, body: { message: 'Not found' } };
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(entry);
      if (entry.url === '/labels/280651040.pdf') {
        response.writeHead(200, { 'content-type': 'application/pdf' }).end(LABEL);
        return;
      }
      const { status, body } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () =>
  createShiprocketClient({
    name: 'shiprocket',
    baseUrl: base,
    email: 'owner@store.test',
    password: 'courier-password',
    pickupLocation: 'Primary',
    webhookToken: 'webhook-token-from-the-panel',
    timeoutMs: 5000,
    now: () => new Date('2031-03-10T06:00:00.000Z'),
  });

/** A prepaid parcel of two diya sets for Asha in Bengaluru. */
const booking = (orderNumber: string): Booking => ({
  orderNumber,
  orderDate: new Date('2031-03-10T05:30:00.000Z'),
  customer: {
    name: 'Asha Rao',
    address: '12 MG Road, Ashok Nagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    email: 'asha@example.com',
    phone: '9876543210',
  },
  items: [{ name: 'Brass Diya Set', sku: 'P12', units: 2, sellingPriceRupees: 300 }],
  subTotalRupees: 600,
  cashToCollectRupees: null,
  parcel: { weightGrams: 600, lengthCm: 20, breadthCm: 15, heightCm: 20 },
});

describe('the Shiprocket client', () => {
  it('logs in, books an adhoc order, assigns the AWB, schedules the pickup and fetches the label', async () => {
    seen.length = 0;
    const booked = await client().book(booking('RG-10042'));
    expect(booked).toEqual({
      providerOrderId: '281248157',
      providerShipmentId: '280651040',
      awb: '19041424751540',
      courierName: 'Delhivery Surface',
      label: LABEL,
      pickupDate: '2031-03-11',
      expectedDelivery: '2031-03-14',
    });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/external/auth/login',
      'POST /v1/external/orders/create/adhoc',
      // The token had expired: log in again once and repeat the call.
      'POST /v1/external/auth/login',
      'POST /v1/external/orders/create/adhoc',
      'POST /v1/external/courier/assign/awb',
      'POST /v1/external/courier/generate/pickup',
      'POST /v1/external/courier/generate/label',
      'GET /labels/280651040.pdf',
      'GET /v1/external/courier/track/awb/19041424751540',
    ]);
    expect(seen[0]?.body).toEqual({ email: 'owner@store.test', password: 'courier-password' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    const created = seen[3]!;
    expect(created.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(created.body).toEqual({
      order_id: 'RG-10042',
      order_date: '2031-03-10 11:00',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_address: '12 MG Road, Ashok Nagar',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'asha@example.com',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      order_items: [{ name: 'Brass Diya Set', sku: 'P12', units: 2, selling_price: 300 }],
      payment_method: 'Prepaid',
      sub_total: 600,
      length: 20,
      breadth: 15,
      height: 20,
      weight: 0.6,
    });
    expect(seen[4]?.body).toEqual({ shipment_id: 280651040 });
    expect(seen[5]?.body).toEqual({ shipment_id: [280651040] });
    expect(seen[6]?.body).toEqual({ shipment_id: [280651040] });
  });

  it('books a cash on delivery parcel as COD with the amount to collect (decision 0042)', async () => {
    seen.length = 0;
    await client().book({ ...booking('RG-10043'), cashToCollectRupees: 699 });
    const created = seen.find((request) => request.url === '/v1/external/orders/create/adhoc');
    expect(created?.body).toMatchObject({ order_id: 'RG-10043', payment_method: 'COD', sub_total: 699 });
  });

  it('cancels by the Shiprocket order id, tracks by AWB and sends the NDR actions: re-attempt and return', async () => {
    const shiprocket = client();
    seen.length = 0;
    await shiprocket.cancel('281248157');
    const scans = await shiprocket.track('19041424751540');
    await shiprocket.answerFailedDelivery('19041424751540', { kind: 'reattempt', date: '2031-03-15' });
    await shiprocket.answerFailedDelivery('19041424751540', {
      kind: 'fix_address',
      address: '14 MG Road',
      phone: '9876543211',
    });
    await shiprocket.answerFailedDelivery('19041424751540', {
      kind: 'reattempt',
      date: '2031-03-16',
      landmark: 'Opposite Hanuman temple',
      phone: '9876543212',
    });
    await shiprocket.answerFailedDelivery('19041424751540', { kind: 'return' });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/external/auth/login',
      'POST /v1/external/orders/cancel',
      'GET /v1/external/courier/track/awb/19041424751540',
      'POST /v1/external/ndr/19041424751540/action',
      'POST /v1/external/ndr/19041424751540/action',
      'POST /v1/external/ndr/19041424751540/action',
      'POST /v1/external/ndr/19041424751540/action',
    ]);
    expect(seen[1]?.body).toEqual({ ids: [281248157] });
    expect(scans).toEqual([
      {
        status: 'PICKED UP',
        statusId: 42,
        activity: 'Shipment picked up',
        location: 'Bengaluru',
        at: '2031-03-11 15:10:00',
      },
    ]);
    expect(seen[3]?.body).toEqual({
      action: 're-attempt',
      comments: 'A new attempt on the date asked',
      deferred_date: '2031-03-15',
    });
    expect(seen[4]?.body).toEqual({
      action: 're-attempt',
      comments: 'Shopper corrected the address and phone',
      address1: '14 MG Road',
      phone: '9876543211',
    });
    // Decision 0065: the owner's new attempt with a landmark (address2), and the return to origin.
    expect(seen[5]?.body).toEqual({
      action: 're-attempt',
      comments: 'A new attempt on the date asked',
      deferred_date: '2031-03-16',
      address2: 'Opposite Hanuman temple',
      phone: '9876543212',
    });
    expect(seen[6]?.body).toEqual({ action: 'return', comments: 'The store asked for the parcel back' });
  });

  it('asks serviceability with the documented query and reads the recommended, else fastest, courier', async () => {
    seen.length = 0;
    const shiprocket = client();
    const ask = (deliveryPincode: string, cod = false) =>
      shiprocket.serviceability({ pickupPincode: '560001', deliveryPincode, weightGrams: 300, cod });

    expect(await ask('194101')).toEqual({ serviceable: true, estimatedDays: 4, courierName: 'Xpressbees' });
    expect(await ask('194101', true)).toEqual({
      serviceable: true,
      estimatedDays: 5,
      courierName: 'Delhivery Surface',
    });
    expect(await ask('744301')).toEqual({ serviceable: false });
    expect(await ask('110002')).toEqual({ serviceable: false });
    await expect(ask('796001')).rejects.toMatchObject({ kind: 'unavailable' });

    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/external/auth/login',
      'GET /v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=194101&weight=0.3&cod=0',
      'GET /v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=194101&weight=0.3&cod=1',
      'GET /v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=744301&weight=0.3&cod=0',
      'GET /v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=110002&weight=0.3&cod=0',
      'GET /v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=796001&weight=0.3&cod=0',
    ]);
    expect(seen[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[1]?.body).toBeUndefined();
  });

  it('accepts only the configured webhook token', () => {
    const shiprocket = client();
    expect(shiprocket.acceptsWebhookToken('webhook-token-from-the-panel')).toBe(true);
    expect(shiprocket.acceptsWebhookToken('webhook-token-from-the-pane')).toBe(false);
    expect(shiprocket.acceptsWebhookToken(undefined)).toBe(false);
  });

  it('turns a refusal into a 503 the owner can read', async () => {
    const refusing = createShiprocketClient({
      name: 'shiprocket',
      baseUrl: base,
      email: 'owner@store.test',
      password: 'courier-password',
      pickupLocation: 'Primary',
      webhookToken: undefined,
      timeoutMs: 5000,
    });
    await expect(refusing.track('NOSUCHAWB')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('a Shiprocket that does not answer', () => {
  it('gives up on booking, tracking and cancelling after the timeout, with a 503 the owner can read', async () => {
    const hanging = await startHangingServer();
    const stranded = createShiprocketClient({
      name: 'shiprocket',
      baseUrl: hanging.url,
      email: 'owner@store.test',
      password: 'courier-password',
      pickupLocation: 'Primary',
      webhookToken: undefined,
      // Short, so the test does not wait the production 10 s; the mechanism is the same.
      timeoutMs: 200,
    });
    try {
      const booked = stranded.book(booking('RG-10044'));
      const late = {
        kind: 'unavailable',
        message: `${SHIPPING_MESSAGES.courierFailed} (/auth/login: no answer in time)`,
        details: { retryAfterSeconds: 30 },
      };
      await expect(booked).rejects.toMatchObject(late);
      await expect(stranded.track('19041424751540')).rejects.toMatchObject(late);
      await expect(stranded.cancel('281248157')).rejects.toMatchObject(late);
    } finally {
      await hanging.close();
    }
  });

  it('answers 503 when nothing listens at its address', async () => {
    const closed = createShiprocketClient({
      name: 'shiprocket',
      // Nothing listens on port 1 of this machine.
      baseUrl: 'http://127.0.0.1:1',
      email: 'owner@store.test',
      password: 'courier-password',
      pickupLocation: 'Primary',
      webhookToken: undefined,
      timeoutMs: 5000,
    });
    await expect(closed.track('19041424751540')).rejects.toMatchObject({
      kind: 'unavailable',
      message: `${SHIPPING_MESSAGES.courierFailed} (/auth/login: not reachable)`,
    });
  });
});
