import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import type { OwnerSettings, OwnerSettingsResponse } from '../../../shared/owner-settings';
import { adminAuditLog, orders, storeSettings } from '../../db/schema';
import { createTestProduct, orderBody, payOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestApp } from '../../testing/test-app';
import { TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';

// The owner's settings, saved in the database and applied at once on every instance.
const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes });

let owner: { headers: Record<string, string> };
let ownerEmail: string;
/** A second instance of the store on the same database, as behind a load balancer. */
let second: FastifyInstance;

beforeAll(async () => {
  const account = await store.newAdmin();
  owner = account;
  ownerEmail = account.user.email;
  second = await createTestApp(store.database, { env: { BACKGROUND_JOBS: 'false' } });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

const readSettings = async () => {
  const response = await store.app.inject({ url: '/api/admin/settings', headers: owner.headers });
  expect(response.statusCode).toBe(200);
  return response.json<OwnerSettingsResponse>();
};

const save = (settings: Record<string, unknown>, app: FastifyInstance = store.app) =>
  app.inject({ method: 'PUT', url: '/api/admin/settings', headers: owner.headers, payload: settings });

const shippingQuote = async (app: FastifyInstance, orderValue: number) =>
  (await app.inject({ url: `/api/pincodes/shipping/110001?orderValue=${orderValue}` })).json<{
    cost: number;
    free: boolean;
  }>();

describe('the owner settings', () => {
  it('start as configuration says, unsaved', async () => {
    const { settings, saved, history } = await readSettings();
    expect(saved).toBe(false);
    expect(history).toEqual([]);
    expect(settings).toMatchObject({
      storeName: 'Utsav Gifts',
      shippingFee: 50,
      freeShippingFrom: 1000,
      midnightSlotFee: 199,
      gstin: '29ABCDE1234F1ZW',
      customerCareEmail: 'hello@utsavgifts.in',
    });
  });

  it('refuse bad values with a message for each field, saving nothing', async () => {
    const { settings } = await readSettings();
    const response = await save({
      ...settings,
      storeName: '  ',
      shippingFee: -5,
      freeShippingFrom: 99.5,
      gstin: '29ABCDE1234F1ZX',
      customerCareEmail: 'not an address',
      grievanceOfficerPhone: 'call me',
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(Object.fromEntries(messages.map((error) => [error.path, error.message]))).toEqual({
      storeName: 'Store name is required',
      shippingFee: 'Shipping fee cannot be negative',
      freeShippingFrom: 'Free shipping threshold must be whole rupees',
      gstin: 'Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW',
      customerCareEmail: 'Customer care e-mail must be an e-mail address like care@example.in',
      grievanceOfficerPhone: 'Grievance Officer phone must be a phone number like +91 80 4567 8900',
    });
    // A valid GSTIN of Maharashtra (27) for a store whose State for GST is Karnataka (29).
    const elsewhere = await save({ ...settings, gstin: '27AAPFU0939F1ZV' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual([
      {
        path: 'gstin',
        message: "This GSTIN is not registered in Karnataka, the store's State for GST (STORE_STATE)",
      },
    ]);
    const missing = await save({ shippingFee: 60 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ path: 'storeName', message: 'Store name is required' });
    expect(await store.database.db.select().from(storeSettings)).toEqual([]);
    expect(await store.database.db.select().from(adminAuditLog)).toEqual([]);
    expect((await readSettings()).saved).toBe(false);
  });

  it('are the owner’s alone', async () => {
    const { settings } = await readSettings();
    for (const role of ['orders', 'catalogue'] as const) {
      const staff = await store.newStaff(role);
      const response = await store.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: staff.headers,
        payload: { ...settings, shippingFee: 1 },
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await store.database.db.select().from(storeSettings)).toEqual([]);
  });

  it(`apply to every quote, the store config and new orders on both instances at once, with an audit line (${TWO_INSTANCES_ON})`, async () => {
    const product = await createTestProduct(store.database, { priceRupees: 700 });
    // The second instance has read (and cached) the configured fee before the change.
    expect(await shippingQuote(second, 700)).toMatchObject({ cost: 50, free: false });

    const { settings } = await readSettings();
    const changed: OwnerSettings = {
      ...settings,
      storeName: 'Utsav Gifts Mysuru',
      shippingFee: 80,
      freeShippingFrom: 1500,
      midnightSlotFee: 249,
      legalName: 'Utsav Mysuru Gifts LLP',
      gstin: '29abcde1234f1zw',
    };
    const response = await save(changed);
    expect(response.statusCode).toBe(200);
    const body = response.json<OwnerSettingsResponse>();
    expect(body.saved).toBe(true);
    expect(body.settings).toMatchObject({
      shippingFee: 80,
      freeShippingFrom: 1500,
      gstin: '29ABCDE1234F1ZW',
    });
    expect(body.history).toEqual([
      {
        at: expect.any(String),
        by: ownerEmail,
        changes: [
          { key: 'storeName', from: 'Utsav Gifts', to: 'Utsav Gifts Mysuru' },
          { key: 'shippingFee', from: 50, to: 80 },
          { key: 'freeShippingFrom', from: 1000, to: 1500 },
          { key: 'midnightSlotFee', from: 199, to: 249 },
          { key: 'legalName', from: 'Utsav Gifts Private Limited', to: 'Utsav Mysuru Gifts LLP' },
        ],
      },
    ]);

    for (const app of [store.app, second]) {
      // The pincode quote, the cart's calculation, the store's public settings.
      expect(await shippingQuote(app, 1200)).toMatchObject({ cost: 80, free: false });
      expect(await shippingQuote(app, 1500)).toMatchObject({ cost: 0, free: true });
      const cart = await app.inject({
        method: 'POST',
        url: '/api/shipping/calculate',
        payload: { items: [{ product: product.id, quantity: 1 }] },
      });
      expect(cart.json()).toMatchObject({ subtotal: 700, shippingFee: 80, total: 780 });
      const config = await app.inject({ url: '/api/config' });
      expect(config.headers['cache-control']).toBe('no-cache');
      expect(config.json()).toMatchObject({
        storeName: 'Utsav Gifts Mysuru',
        shippingFee: 80,
        freeShippingFrom: 1500,
        midnightSlotFee: 249,
      });
    }

    // The server recomputes an order's total with the saved fee: the old total is refused.
    const shopper = await store.newCustomer();
    const line = [{ product, quantity: 1 }];
    const stale = await second.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      payload: orderBody(line, { totalAmount: 750 }),
    });
    expect(stale.statusCode).toBe(409);
    const order = await second.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: shopper.headers,
      payload: orderBody(line, { totalAmount: 780 }),
    });
    expect(order.statusCode).toBe(200);

    // Paid there, its tax invoice names the seller as saved.
    const created = order.json<CreateOrderResponse>();
    await payOrder(second, shopper.headers, created);
    const invoice = await second.inject({
      url: `/api/orders/${created.orderId}/invoice`,
      headers: shopper.headers,
    });
    expect(invoice.json().seller).toMatchObject({
      legalName: 'Utsav Mysuru Gifts LLP',
      gstin: '29ABCDE1234F1ZW',
    });
  });

  it('set the order updates checkout starts with, and an order made without a choice gets them', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 2000 });
    const before = await store.app.inject({ url: '/api/config' });
    // The defaults name WhatsApp, but checkout never ticks it for the shopper (decision 0062).
    expect(before.json().orderUpdates).toEqual({ whatsapp: false, sms: false, email: true });
    const { settings } = await readSettings();
    expect(settings.orderUpdateChannels).toEqual(['whatsapp', 'email']);

    const response = await save({ ...settings, orderUpdateChannels: ['sms'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OwnerSettingsResponse>().history[0]?.changes).toEqual([
      { key: 'orderUpdateChannels', from: ['whatsapp', 'email'], to: ['sms'] },
    ]);
    const shopper = await store.newCustomer();
    for (const app of [store.app, second]) {
      // Checkout's ticks start from the store's public settings.
      expect((await app.inject({ url: '/api/config' })).json().orderUpdates).toEqual({
        whatsapp: false,
        sms: true,
        email: false,
      });
      const order = await app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: shopper.headers,
        payload: orderBody([{ product, quantity: 1 }], { totalAmount: 2000 }),
      });
      expect(order.statusCode, order.body).toBe(200);
      const [row] = await store.database.db
        .select({ notify: orders.notify })
        .from(orders)
        .where(eq(orders.id, order.json<CreateOrderResponse>().orderId));
      expect(row?.notify).toEqual({
        whatsapp: false,
        sms: true,
        email: false,
        giftRecipient: false,
        phone: '9876543210',
      });
    }

    const refused = await save({ ...settings, orderUpdateChannels: ['sms', 'pigeon'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({
      path: 'orderUpdateChannels.1',
      message: 'Order updates can be WhatsApp, SMS or e-mail',
    });
  });

  it('save nothing and write no audit line when nothing changed', async () => {
    const before = await store.database.db.select().from(adminAuditLog);
    const { settings } = await readSettings();
    expect((await save(settings, second)).statusCode).toBe(200);
    expect(await store.database.db.select().from(adminAuditLog)).toEqual(before);
  });
});
