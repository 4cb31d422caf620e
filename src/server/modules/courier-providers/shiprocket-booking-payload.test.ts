import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { products } from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { codDesk } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  orderBody,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
  type TestProduct,
} from '../../testing/order-fixtures';
import { type TestAccount, verifyTestPhone } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// The exact adhoc order the store sends Shiprocket for a fixed order, written out by hand: the
// order's number and India-time date, the address split into first and last name, every line at
// its price in rupees, the amount (the items for a prepaid parcel; what the courier collects,
// shipping and the COD fee included, for COD: decision 0042) and the parcel packed by decision
// 0077 (kilograms). shiprocket-client.test.ts checks the client with a Booking made by hand; this
// checks the order -> booking step before it, through the back office's "Book courier", against a
// stand-in Shiprocket that records what it is sent (apidocs.shiprocket.in, "Create Custom Order"
// and "Create Return Order").

type Recorded = { url: string; body: Record<string, unknown> | undefined };
const recorded: Recorded[] = [];
let shiprocket: Server | undefined;
let shipments = 0;

/** Shiprocket's documented answers, a new shipment and AWB for each adhoc order. */
function answer(url: string, base: string): unknown {
  switch (url) {
    case '/v1/external/auth/login':
      return { token: 'jwt-from-the-stand-in' };
    case '/v1/external/orders/create/adhoc':
    case '/v1/external/orders/create/return':
      shipments += 1;
      return { order_id: 381248150 + shipments, shipment_id: 380651040 + shipments, status: 'NEW' };
    case '/v1/external/courier/assign/awb':
      return {
        awb_assign_status: 1,
        response: { data: { awb_code: `1904142475${1540 + shipments}`, courier_name: 'Delhivery Surface' } },
      };
    case '/v1/external/courier/generate/pickup':
      return { pickup_status: 1, response: { pickup_scheduled_date: '2031-03-11 12:00:00' } };
    case '/v1/external/courier/generate/label':
      return { label_created: 1, label_url: `${base}/labels/${shipments}.pdf` };
    default:
      return {
        tracking_data: { track_status: 1, etd: '2031-03-14 18:00:00', shipment_track_activities: [] },
      };
  }
}

async function startShiprocketStandIn(): Promise<string> {
  let base = '';
  shiprocket = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const url = request.url ?? '';
      recorded.push({ url, body: text ? JSON.parse(text) : undefined });
      if (url.startsWith('/labels/')) {
        response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 stand-in label');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(url, base)));
    });
  });
  await new Promise<void>((resolve) => shiprocket!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(shiprocket.address() as AddressInfo).port}`;
  return base;
}

// 11:00 India time on Monday 10 March 2031.
const clock = createTestClock('2031-03-10T05:30:00.000Z');
const store = setUpTestStore({
  clock,
  seed: seedPincodes,
  admin: true,
  env: async () => ({
    BACKGROUND_JOBS: 'false',
    COURIER: 'shiprocket',
    SHIPROCKET_BASE_URL: await startShiprocketStandIn(),
    SHIPROCKET_EMAIL: 'owner@store.test',
    SHIPROCKET_PASSWORD: 'courier-password',
    SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-from-the-panel',
  }),
});
afterAll(() => new Promise<void>((resolve) => (shiprocket ? shiprocket.close(() => resolve()) : resolve())));

/** Diya sets packed 250 g, 12 × 10 × 5 cm each, and a Ganesha in its category's 300 g, 20 × 15 × 10 cm. */
let fixedProducts: Promise<{ diyas: TestProduct; ganesha: TestProduct }> | undefined;
const theProducts = () => {
  fixedProducts ??= (async () => {
    const diyas = await createTestProduct(store.database, { name: 'Brass Diya Set', priceRupees: 250 });
    await store.database.db
      .update(products)
      .set({ weightGrams: 250, lengthCm: 12, breadthCm: 10, heightCm: 5 })
      .where(eq(products.id, diyas.id));
    const ganesha = await createTestProduct(store.database, {
      name: 'Sandalwood Ganesha',
      priceRupees: 449.5,
    });
    return { diyas, ganesha };
  })();
  return fixedProducts;
};

/** The shopper Asha Rao, asha.rao@example.com, whose mobile 98765 43210 is verified. */
let ashaAccount: Promise<TestAccount> | undefined;
const asha = () => {
  ashaAccount ??= (async () => {
    const account = await store.newCustomer({ email: 'asha.rao@example.com', fullName: 'Asha Rao' });
    await verifyTestPhone(store.app, store.database, account, '9876543210');
    return account;
  })();
  return ashaAccount;
};

/**
 * The fields both orders share, written out: placed at 11:00 India time, to Asha's Bengaluru
 * address; the State is the directory's for 560001, though checkout sent none.
 */
const ASHA_AT_11_ON_10_MARCH = {
  order_date: '2031-03-10 11:00',
  pickup_location: 'Primary',
  billing_customer_name: 'Asha',
  billing_last_name: 'Rao',
  billing_address: '12 MG Road, Ashok Nagar',
  billing_city: 'Bengaluru',
  billing_pincode: '560001',
  billing_state: 'Karnataka',
  billing_country: 'India',
  billing_email: 'asha.rao@example.com',
  billing_phone: '9876543210',
  shipping_is_billing: true,
};

async function booked(orderId: string) {
  recorded.length = 0;
  const response = await store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: store.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return recorded.find((request) => request.url === '/v1/external/orders/create/adhoc')?.body;
}

describe('the adhoc order the store sends Shiprocket for a fixed order', () => {
  it('sends a prepaid order of 2 × ₹250 and 1 × ₹449.50 as ₹949.50 of items (₹999.50 paid with shipping) in a 1 kg medium box', async () => {
    const { diyas, ganesha } = await theProducts();
    const shopper = await asha();
    const lines = [
      { product: diyas, quantity: 2 },
      { product: ganesha, quantity: 1 },
    ];
    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      // 50,000 + 44,950 = 94,950 paise of items, + 5,000 shipping under ₹1,000 (SPEC 9).
      payload: orderBody(lines, { totalAmount: 999.5, shippingAddress: TEST_ADDRESS }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const created = placed.json<CreateOrderResponse>();
    await payOrder(store.app, shopper.headers, created);

    expect(await booked(created.orderId)).toEqual({
      order_id: created.orderNumber,
      ...ASHA_AT_11_ON_10_MARCH,
      order_items: [
        { name: 'Brass Diya Set', sku: `P${diyas.id}`, units: 2, selling_price: 250 },
        { name: 'Sandalwood Ganesha', sku: `P${ganesha.id}`, units: 1, selling_price: 449.5 },
      ],
      payment_method: 'Prepaid',
      // A prepaid parcel's value is its items, shipping not counted.
      sub_total: 949.5,
      // 2 × 600 + 3,000 = 4,200 cm³ is more than 90% of the small box (3,240): the medium box,
      // 30 × 25 × 15 cm, 200 g empty; 2 × 250 + 300 + 200 = 1,000 g.
      length: 30,
      breadth: 25,
      height: 15,
      weight: 1,
    });
    expect(created.orderNumber).toMatch(/^RG-\d+$/);
  });

  it('sends a COD order of 1 × ₹449.50 as ₹548.50 to collect: the item, ₹50 shipping and the ₹49 COD fee', async () => {
    const { ganesha } = await theProducts();
    await codDesk(store).setCod();
    const shopper = await asha();
    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      payload: {
        // 44,950 + 5,000 shipping (under ₹1,000) + 4,900 COD fee = 54,850 paise.
        ...orderBody([{ product: ganesha, quantity: 1 }], {
          totalAmount: 548.5,
          shippingAddress: TEST_ADDRESS,
        }),
        paymentMethod: 'cod',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const created = placed.json<CreateOrderResponse>();

    expect(await booked(created.orderId)).toEqual({
      order_id: created.orderNumber,
      ...ASHA_AT_11_ON_10_MARCH,
      order_items: [{ name: 'Sandalwood Ganesha', sku: `P${ganesha.id}`, units: 1, selling_price: 449.5 }],
      payment_method: 'COD',
      sub_total: 548.5,
      // One unit ships as it is packed: the category's 300 g, 20 × 15 × 10 cm.
      length: 20,
      breadth: 15,
      height: 10,
      weight: 0.3,
    });
  });

  it('sends the reverse pickup of one returned diya set from the same address, with its State', async () => {
    const { diyas } = await theProducts();
    const shopper = await asha();
    // 2 × 25,000 = 50,000 paise + 5,000 shipping: ₹550.
    const created = await placeOrder(store.app, shopper.headers, [{ product: diyas, quantity: 2 }], {
      totalAmount: 550,
    });
    await payOrder(store.app, shopper.headers, created);
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
    const requested = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${created.orderId}/returns`,
      headers: shopper.headers,
      payload: { items: [{ productId: diyas.id, quantity: 1 }], reason: 'One diya arrived chipped' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const returnId = requested.json<{ return: { id: number } }>().return.id;

    recorded.length = 0;
    const approved = await store.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${returnId}/approve`,
      headers: store.admin.headers,
      payload: { note: '' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Shiprocket's return order: picked up from Asha (the State from the directory again), brought
    // to the store as configured (STORE_LEGAL_NAME, STORE_ADDRESS, STORE_STATE, the origin pincode
    // and the customer-care number), the one unit at its price, as it was packed: 250 g, 12 × 10 × 5.
    expect(recorded.find((request) => request.url === '/v1/external/orders/create/return')?.body).toEqual({
      order_id: `${created.orderNumber}-R${returnId}`,
      order_date: '2031-03-10 11:00',
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Rao',
      pickup_address: '12 MG Road, Ashok Nagar',
      pickup_city: 'Bengaluru',
      pickup_state: 'Karnataka',
      pickup_country: 'India',
      pickup_pincode: '560001',
      pickup_email: 'asha.rao@example.com',
      pickup_phone: '9876543210',
      shipping_customer_name: 'Utsav Gifts Private Limited',
      shipping_address: '12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
      shipping_city: 'Bengaluru',
      shipping_state: 'Karnataka',
      shipping_country: 'India',
      shipping_pincode: '560001',
      shipping_phone: '8045678900',
      order_items: [{ name: 'Brass Diya Set', sku: `P${diyas.id}`, units: 1, selling_price: 250 }],
      payment_method: 'Prepaid',
      sub_total: 250,
      length: 12,
      breadth: 10,
      height: 5,
      weight: 0.25,
    });
  });
});
