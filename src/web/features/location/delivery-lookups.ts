import type { DeliveryInfo, ShippingQuote } from '../../../shared/delivery';
import { withPreOrderWindow } from '../../../shared/delivery-rules';
import {
  cityFromPincodeFallback,
  FALLBACK_DELIVERY_INFO,
  PINCODE_CACHE_TTL_MS,
} from '../../../shared/pincode';
import { parsedAnswer } from '../../api/client';

/** Where an answer came from: the server, the 5-minute cache, or the client's defaults (SPEC 7). */
export type LookupSource = 'server' | 'cache' | 'fallback';
export type Lookup<T> = { value: T; source: LookupSource };

/** GET of an API path with a query; rejects on any failure (network, status, bad body). */
export type ApiGet = (path: string, query?: Record<string, string | number>) => Promise<unknown>;

export type DeliveryLookups = ReturnType<typeof createDeliveryLookups>;

// The schemas (and Zod) load with the first answer, not with the entry (docs/performance.md).
const deliverySchemas = () => import('../../../shared/delivery');

/** SPEC 7: shipping-cost cache keys round the order value down to a multiple of 100. */
export function roundOrderValueForCache(orderValue: number): number {
  return Number.isFinite(orderValue) && orderValue > 0 ? Math.floor(orderValue / 100) * 100 : 0;
}

export const deliveryCacheKey = (pincode: string, isPreOrder: boolean) =>
  `delivery:${pincode}:${isPreOrder ? 'pre-order' : 'in-stock'}`;
export const shippingCacheKey = (pincode: string, orderValue: number) =>
  `shipping:${pincode}:${roundOrderValueForCache(orderValue)}`;
export const cityCacheKey = (pincode: string) => `city:${pincode}`;

/** SPEC 4 and 9: the record used when the server cannot answer and nothing is cached. */
export function fallbackDeliveryInfo(pincode: string, isPreOrder = false): DeliveryInfo {
  const info: DeliveryInfo = { ...FALLBACK_DELIVERY_INFO, city: cityFromPincodeFallback(pincode) };
  return isPreOrder ? withPreOrderWindow(info) : info;
}

export const FALLBACK_SHIPPING_QUOTE: ShippingQuote = FALLBACK_DELIVERY_INFO.shipping;

/**
 * SPEC 7 "Delivery lookups use a 5-minute cache; shipping-cost cache keys round order value down
 * to a multiple of 100. Failures use cached data if present, else defaults." Lookups never reject.
 */
export function createDeliveryLookups({
  get,
  now = Date.now,
  ttlMs = PINCODE_CACHE_TTL_MS,
}: {
  get: ApiGet;
  now?: () => number;
  ttlMs?: number;
}) {
  const cache = new Map<string, { value: unknown; at: number }>();
  // The same question asked twice at once (two components, React's double effects) is asked once.
  const inFlight = new Map<string, Promise<Lookup<unknown>>>();

  function lookup<T>(key: string, fetchValue: () => Promise<T>, fallback: () => T): Promise<Lookup<T>> {
    const cached = cache.get(key);
    if (cached && now() - cached.at < ttlMs)
      return Promise.resolve({ value: cached.value as T, source: 'cache' });
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<Lookup<T>>;
    const request = fetchValue().then(
      (value): Lookup<T> => {
        cache.set(key, { value, at: now() });
        return { value, source: 'server' };
      },
      (): Lookup<T> => {
        // A stale answer beats a default: a pincode's district does not move in five minutes.
        const stale = cache.get(key);
        return stale
          ? { value: stale.value as T, source: 'cache' }
          : { value: fallback(), source: 'fallback' };
      },
    );
    inFlight.set(key, request);
    void request.finally(() => inFlight.delete(key));
    return request;
  }

  return {
    /** GET /pincodes/check/:pincode (SPEC 3 delivery info, with the shipping quote at order value 0). */
    checkDelivery(pincode: string, { isPreOrder = false }: { isPreOrder?: boolean } = {}) {
      return lookup(
        deliveryCacheKey(pincode, isPreOrder),
        () =>
          parsedAnswer(
            deliverySchemas().then((schemas) => schemas.DeliveryInfo),
            get(`/pincodes/check/${encodeURIComponent(pincode)}`, isPreOrder ? { isPreOrder: 'true' } : {}),
          ),
        () => fallbackDeliveryInfo(pincode, isPreOrder),
      );
    },

    /** GET /pincodes/shipping/:pincode, asked for the rounded value so the cached answer fits its key. */
    quoteShipping(pincode: string, orderValue: number) {
      const rounded = roundOrderValueForCache(orderValue);
      return lookup(
        shippingCacheKey(pincode, orderValue),
        () =>
          parsedAnswer(
            deliverySchemas().then((schemas) => schemas.ShippingQuote),
            get(`/pincodes/shipping/${encodeURIComponent(pincode)}`, { orderValue: rounded }),
          ),
        () => FALLBACK_SHIPPING_QUOTE,
      );
    },

    /** GET /pincodes/city/:pincode; SPEC 9's 3-digit table when the server cannot say. */
    cityOf(pincode: string) {
      return lookup(
        cityCacheKey(pincode),
        async () => {
          const answer = await parsedAnswer(
            import('../../../shared/api/delivery').then((schemas) => schemas.CityResponse),
            get(`/pincodes/city/${encodeURIComponent(pincode)}`),
          );
          return answer.city;
        },
        () => cityFromPincodeFallback(pincode),
      );
    },
  };
}
