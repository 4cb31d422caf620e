import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryInfo } from '../../../shared/delivery';
import { DELIVERY_MESSAGES } from '../../../shared/delivery-rules';
import type { Database } from '../../db/client';
import { pincodes } from '../../db/schema';
import { createTestProduct, postOrder, seedPincodes, TEST_ADDRESS } from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { SANDBOX_SERVICEABILITY } from '../courier-providers';
import { courierPromise } from './delivery-service';

// The courier's serviceability refines the pincode check, with the sandbox courier's own rules:
// its unserved, remote, slow and failing pincodes (docs/operations.md).

const clock = createTestClock('2031-03-10T10:00:00+05:30');
const TIMEOUT_MS = 300;

async function seed(database: Database) {
  await seedPincodes(database);
  const far = (pincode: string, district: string, state: string, latitude: number, longitude: number) => ({
    pincode,
    office: `${district} HO`,
    district,
    state,
    latitude,
    longitude,
  });
  await database.db
    .insert(pincodes)
    .values([
      far('744301', 'Nicobar', 'Andaman and Nicobar Islands', 9.16, 92.76),
      far('194101', 'Leh', 'Ladakh', 34.16, 77.58),
      far('737101', 'East Sikkim', 'Sikkim', 27.33, 88.61),
      far('796001', 'Aizawl', 'Mizoram', 23.73, 92.72),
    ])
    .onConflictDoNothing();
}

const store = setUpTestStore({
  clock,
  seed,
  env: {
    BACKGROUND_JOBS: 'false',
    COURIER_SERVICEABILITY: 'true',
    COURIER_SERVICEABILITY_TIMEOUT_MS: String(TIMEOUT_MS),
  },
});
let ownRuleApp: FastifyInstance;

beforeAll(async () => {
  ownRuleApp = await createTestApp(store.database, { clock, env: { BACKGROUND_JOBS: 'false' } });
});
afterAll(async () => {
  await ownRuleApp.close();
});

const check = async (pincode: string, app: FastifyInstance = store.app) => {
  const response = await app.inject(`/api/pincodes/check/${pincode}`);
  expect(response.statusCode).toBe(200);
  return response.json<DeliveryInfo>();
};

describe('the pincode check with the courier’s serviceability', () => {
  it('says a pincode the courier does not serve is not deliverable, and why', async () => {
    const info = await check('744301');
    expect(info).toMatchObject({
      serviceable: false,
      days: 'N/A',
      message: DELIVERY_MESSAGES.courierUnserviceable,
      city: 'Nicobar',
      shipping: { cost: 0, free: false, message: DELIVERY_MESSAGES.shippingUnavailable },
    });
    // Without the switch the store's own rule promises it.
    expect(await check('744301', ownRuleApp)).toMatchObject({ serviceable: true, type: 'standard' });
  });

  it('takes the courier’s estimate as the promise, and keeps the store’s own where they agree', async () => {
    const own = await check('194101', ownRuleApp);
    expect(own.days).not.toBe('7-9 Days');
    expect(await check('194101')).toMatchObject({
      serviceable: true,
      type: 'standard',
      days: courierPromise(SANDBOX_SERVICEABILITY.remoteDays['194101']!),
    });
    expect(courierPromise(9)).toBe('7-9 Days');
    // The sandbox answers other pincodes from the store's promise: the same words come back.
    expect((await check('110001')).days).toBe((await check('110001', ownRuleApp)).days);
    // The same-day area is the store's own delivery: no courier is asked.
    expect((await check('560001')).type).toBe('same_day');
  });

  it('answers by the store’s own rule when the courier is slow, and does not wait for it again', async () => {
    const own = await check(SANDBOX_SERVICEABILITY.slow.pincode, ownRuleApp);
    let started = Date.now();
    expect(await check(SANDBOX_SERVICEABILITY.slow.pincode)).toEqual(own);
    const firstMs = Date.now() - started;
    expect(firstMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(firstMs).toBeLessThan(SANDBOX_SERVICEABILITY.slow.delayMs);
    started = Date.now();
    expect(await check(SANDBOX_SERVICEABILITY.slow.pincode)).toEqual(own);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it('answers by the store’s own rule when the courier fails, never with an error', async () => {
    expect(await check(SANDBOX_SERVICEABILITY.failing)).toEqual(
      await check(SANDBOX_SERVICEABILITY.failing, ownRuleApp),
    );
  });

  it('refuses an order to a pincode the courier does not serve, saying why', async () => {
    const product = await createTestProduct(store.database);
    const buyer = await store.newCustomer();
    const refused = await postOrder(store.app, buyer.headers, [{ product, quantity: 1 }], {
      address: { ...TEST_ADDRESS, city: 'Car Nicobar', postalCode: '744301' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(DELIVERY_MESSAGES.courierUnserviceable);
  });

  it('offers no delivery dates where the courier does not go', async () => {
    const dates = await store.app.inject('/api/pincodes/delivery-dates/744301');
    expect(dates.statusCode).toBe(200);
    expect(dates.json<{ days: string; dates: unknown[] }>()).toMatchObject({ days: 'N/A', dates: [] });
  });
});
