import { describe, expect, it } from 'vitest';
import type { DeliveryInfo } from '../../../shared/delivery';
import {
  type ApiGet,
  createDeliveryLookups,
  deliveryCacheKey,
  roundOrderValueForCache,
  shippingCacheKey,
} from './delivery-lookups';

const delhi: DeliveryInfo = {
  serviceable: true,
  days: '3-5 Days',
  message: 'Standard delivery',
  type: 'standard',
  fastDelivery: false,
  city: 'Central Delhi',
  isPreOrder: false,
  shipping: { cost: 50, free: false, message: '₹50 shipping charge' },
};

/** A server answering from a table, or failing when `down` is set; it records what was asked. */
function fakeServer() {
  const calls: { path: string; query: Record<string, string | number> | undefined }[] = [];
  const server = { down: false, calls, get: undefined as unknown as ApiGet };
  server.get = async (path, query) => {
    calls.push({ path, query });
    if (server.down) throw new Error('Network error. Please check your connection.');
    if (path.startsWith('/pincodes/check/')) return delhi;
    if (path.startsWith('/pincodes/shipping/')) {
      const free = Number(query?.orderValue) >= 1000;
      return { cost: free ? 0 : 50, free, message: free ? 'Free shipping' : '₹50 shipping charge' };
    }
    if (path.startsWith('/pincodes/city/')) return { city: 'Central Delhi', state: 'Delhi' };
    throw new Error(`unexpected ${path}`);
  };
  return server;
}

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe('shipping-cost cache keys (SPEC 7)', () => {
  it('round the order value down to a multiple of 100', () => {
    expect(roundOrderValueForCache(0)).toBe(0);
    expect(roundOrderValueForCache(99.99)).toBe(0);
    expect(roundOrderValueForCache(999)).toBe(900);
    expect(roundOrderValueForCache(1000)).toBe(1000);
    expect(roundOrderValueForCache(1099)).toBe(1000);
    expect(roundOrderValueForCache(-5)).toBe(0);
    expect(roundOrderValueForCache(Number.NaN)).toBe(0);
    expect(shippingCacheKey('110001', 950)).toBe(shippingCacheKey('110001', 901));
    expect(shippingCacheKey('110001', 999)).not.toBe(shippingCacheKey('110001', 1000));
  });

  it('are separate for pre-order and in-stock delivery lookups', () => {
    expect(deliveryCacheKey('110001', true)).not.toBe(deliveryCacheKey('110001', false));
  });
});

describe('delivery lookups', () => {
  it('answer a repeated question from the cache for 5 minutes, then ask again', async () => {
    const server = fakeServer();
    const { time, now } = clock();
    const lookups = createDeliveryLookups({ get: server.get, now });

    expect(await lookups.checkDelivery('110001')).toEqual({ value: delhi, source: 'server' });
    time.now += 299_999;
    expect(await lookups.checkDelivery('110001')).toEqual({ value: delhi, source: 'cache' });
    expect(server.calls).toHaveLength(1);
    time.now += 1;
    expect(await lookups.checkDelivery('110001')).toEqual({ value: delhi, source: 'server' });
    expect(server.calls).toHaveLength(2);
  });

  it('ask for the rounded order value and reuse it within the same hundred', async () => {
    const server = fakeServer();
    const lookups = createDeliveryLookups({ get: server.get, now: clock().now });
    expect((await lookups.quoteShipping('110001', 1049)).value).toEqual({
      cost: 0,
      free: true,
      message: 'Free shipping',
    });
    expect((await lookups.quoteShipping('110001', 1000)).source).toBe('cache');
    expect((await lookups.quoteShipping('110001', 999)).value).toMatchObject({ free: false, cost: 50 });
    expect(server.calls.map((call) => call.query)).toEqual([{ orderValue: 1000 }, { orderValue: 900 }]);
  });

  it('use cached data when the server fails, even past 5 minutes', async () => {
    const server = fakeServer();
    const { time, now } = clock();
    const lookups = createDeliveryLookups({ get: server.get, now });
    await lookups.checkDelivery('110001');
    await lookups.cityOf('110001');
    server.down = true;
    time.now += 3_600_000;
    expect(await lookups.checkDelivery('110001')).toEqual({ value: delhi, source: 'cache' });
    expect(await lookups.cityOf('110001')).toEqual({ value: 'Central Delhi', source: 'cache' });
  });

  it('use the defaults of SPEC 4 and 9 when the server fails and nothing is cached', async () => {
    const server = fakeServer();
    server.down = true;
    const lookups = createDeliveryLookups({ get: server.get, now: clock().now });
    expect(await lookups.checkDelivery('400001')).toEqual({
      source: 'fallback',
      value: {
        serviceable: true,
        days: '3-7 Days',
        message: 'Standard delivery',
        type: 'standard',
        fastDelivery: false,
        city: 'Mumbai',
        isPreOrder: false,
        shipping: { cost: 0, free: false, message: 'calculated at checkout' },
      },
    });
    expect((await lookups.checkDelivery('400001', { isPreOrder: true })).value).toMatchObject({
      days: '10-15 Days',
      isPreOrder: true,
    });
    expect(await lookups.quoteShipping('400001', 500)).toEqual({
      source: 'fallback',
      value: { cost: 0, free: false, message: 'calculated at checkout' },
    });
    expect(await lookups.cityOf('781001')).toEqual({ source: 'fallback', value: 'India' });
  });

  it('treat a malformed answer as a failure', async () => {
    const lookups = createDeliveryLookups({ get: async () => ({ serviceable: 'yes' }), now: clock().now });
    expect((await lookups.checkDelivery('560001')).source).toBe('fallback');
  });

  it('ask once when the same question is asked twice at once', async () => {
    const server = fakeServer();
    const lookups = createDeliveryLookups({ get: server.get, now: clock().now });
    const [first, second] = await Promise.all([
      lookups.checkDelivery('110001'),
      lookups.checkDelivery('110001'),
    ]);
    expect(first.value).toEqual(second.value);
    expect(server.calls).toHaveLength(1);
  });
});
