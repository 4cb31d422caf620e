import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ShipmentResponse } from '../../../shared/api/courier';
import { orders, shipments } from '../../db/schema';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodesWithFailingDelivery,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Shiprocket's tracking webhook written out literally, with the field names, the status names and
// ids and the two time formats of its documented sample (apidocs.shiprocket.in, "Webhooks":
// awb, courier_name, current_status, current_status_id, shipment_status, shipment_status_id,
// current_timestamp 'DD MM YYYY HH:mm:ss', scans[] with date, status, activity, location, sr-status
// and sr-status-label), never built from our own status table, so a wrong entry in that table
// fails here. Each expected order status is written out too (decision 0065).
const clock = createTestClock('2031-03-10T04:00:00.000Z');
const TOKEN = randomBytes(24).toString('base64url');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', SANDBOX_COURIER_SPEED: '1', SANDBOX_COURIER_TOKEN: TOKEN },
  seed: seedPincodesWithFailingDelivery,
});

async function shippedOrder() {
  const product = await createTestProduct(store.database, { stock: 10 });
  const buyer = await store.newCustomer();
  const created = await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]);
  await payOrder(store.app, buyer.headers, created);
  const booked = await store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${created.orderId}/shipment`,
    headers: (await store.newAdmin()).headers,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return { orderId: created.orderId, awb: booked.json<ShipmentResponse>().shipment.awb };
}

const post = (payload: Record<string, unknown>) =>
  store.app.inject({
    method: 'POST',
    url: '/api/shipping/webhook',
    headers: { 'x-api-key': TOKEN },
    payload,
  });

const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

const shipmentStatusOf = async (awb: string) =>
  (
    await store.database.db.select({ status: shipments.status }).from(shipments).where(eq(shipments.awb, awb))
  )[0]?.status;

describe("Shiprocket's literal tracking payloads", () => {
  it('DELIVERED (shipment_status_id 7) makes the order delivered', async () => {
    const { orderId, awb } = await shippedOrder();
    const response = await post({
      awb,
      courier_name: 'Delhivery Surface',
      current_status: 'DELIVERED',
      current_status_id: 7,
      shipment_status: 'DELIVERED',
      shipment_status_id: 7,
      current_timestamp: '12 03 2031 15:04:05',
      order_id: '1373900_150876814',
      sr_order_id: 348456385,
      awb_assigned_date: '2031-03-10 09:45:00',
      pickup_scheduled_date: '2031-03-10 09:45:01',
      etd: '2031-03-13 18:00:00',
      scans: [
        {
          date: '2031-03-11 10:12:00',
          status: 'X-PPOM',
          activity: 'In Transit - Shipment picked up',
          location: 'Okhla_Hub (Delhi)',
          'sr-status': '42',
          'sr-status-label': 'PICKED UP',
        },
        {
          date: '2031-03-12 15:04:05',
          status: 'DL',
          activity: 'Delivered - Delivered to consignee',
          location: 'New Delhi_Connaught (Delhi)',
          'sr-status': '7',
          'sr-status-label': 'DELIVERED',
        },
      ],
      is_return: 0,
      channel_id: 3422553,
      pod_status: 'OTP Based Delivery',
      pod: 'Not Available',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await statusOf(orderId)).toBe('delivered');
    expect(await shipmentStatusOf(awb)).toBe('delivered');
  });

  it('UNDELIVERED (id 21, a failed attempt the NDR reports) makes the order failed_delivery', async () => {
    const { orderId, awb } = await shippedOrder();
    const response = await post({
      awb,
      courier_name: 'Delhivery Surface',
      current_status: 'UNDELIVERED',
      current_status_id: 21,
      shipment_status: 'UNDELIVERED',
      shipment_status_id: 21,
      current_timestamp: '12 03 2031 18:30:00',
      order_id: '1373900_150876815',
      scans: [
        {
          date: '2031-03-12 18:30:00',
          status: 'UD',
          activity: 'Consignee Unavailable - Door locked',
          location: 'New Delhi_Connaught (Delhi)',
          'sr-status': '21',
          'sr-status-label': 'UNDELIVERED',
        },
      ],
      is_return: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(orderId)).toBe('failed_delivery');
  });

  it('RTO INITIATED (id 9) and then RTO DELIVERED (id 10) make the order rto_initiated, then returned', async () => {
    const { orderId, awb } = await shippedOrder();
    const initiated = await post({
      awb,
      courier_name: 'Delhivery Surface',
      current_status: 'RTO INITIATED',
      current_status_id: 9,
      shipment_status: 'RTO INITIATED',
      shipment_status_id: 9,
      current_timestamp: '13 03 2031 11:00:00',
      scans: [
        {
          date: '2031-03-13 11:00:00',
          status: 'RT',
          activity: 'RTO Initiated - Consignee refused',
          location: 'New Delhi_Connaught (Delhi)',
          'sr-status': '9',
          'sr-status-label': 'RTO INITIATED',
        },
      ],
      is_return: 0,
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    expect(await statusOf(orderId)).toBe('rto_initiated');

    const delivered = await post({
      awb,
      courier_name: 'Delhivery Surface',
      current_status: 'RTO DELIVERED',
      current_status_id: 10,
      shipment_status: 'RTO DELIVERED',
      shipment_status_id: 10,
      current_timestamp: '16 03 2031 12:15:00',
      scans: [
        {
          date: '2031-03-16 12:15:00',
          status: 'DL',
          activity: 'RTO Delivered - Returned to shipper',
          location: 'Okhla_Hub (Delhi)',
          'sr-status': '10',
          'sr-status-label': 'RTO DELIVERED',
        },
      ],
      is_return: 0,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await statusOf(orderId)).toBe('returned');
  });

  it("reads a numeric awb, as in Shiprocket's own sample, and stores nothing for an AWB it never booked", async () => {
    // The sandbox's AWBs hold letters, so a number cannot match one of ours here: this shows the
    // documented shape is read (never a 400) and an unknown parcel changes nothing.
    const response = await post({
      awb: 19041424751540,
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      current_status_id: 20,
      shipment_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_timestamp: '23 03 2031 11:43:52',
      scans: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: false });
  });
});
