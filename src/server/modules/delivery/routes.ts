import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PincodeCheckParams,
  PincodeCheckQuery,
  PincodeParams,
  ShippingCalculationRequest,
  ShippingQuoteQuery,
} from '../../../shared/api/delivery';
import { ShippingCalculation } from '../../../shared/delivery';
import { DELIVERY_MESSAGES } from '../../../shared/delivery-rules';
import { invalid, notFound } from '../../errors';
import { sendCacheable } from '../../http/cacheable-response';
import { secondsUntilSameDayChange } from './delivery-service';

// DESIGN 5: pincode answers do not depend on the user, so browsers and CDNs may keep them briefly.
// A check may say same_day, which turns into next_day at 14:00 India time: a short lifetime, cut
// shorter still near the change for the same-day area.
const CHECK_MAX_AGE_SECONDS = 60;
const SHIPPING_MAX_AGE_SECONDS = 300;
const CITY_MAX_AGE_SECONDS = 3600;

/**
 * SPEC 7 pincode and shipping calls. Pincode bodies are serialised here once, so the ETag names the
 * exact bytes; their shapes are DeliveryInfo, ShippingQuote and CityResponse (checked by the tests).
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    try {
      await app.delivery.warmUp();
    } catch (error) {
      // The directory is read again on first use; starting the store must not depend on it.
      app.log.warn({ err: error }, 'could not read the pincode directory at start');
    }
  });

  app.get(
    '/pincodes/check/:pincode',
    { schema: { params: PincodeCheckParams, querystring: PincodeCheckQuery } },
    async (request, reply) => {
      const { info, inSameDayArea } = await app.delivery.checkPincode(request.params.pincode, {
        isPreOrder: request.query.isPreOrder ?? false,
      });
      const maxAge = inSameDayArea
        ? Math.min(CHECK_MAX_AGE_SECONDS, secondsUntilSameDayChange(app.clock.now()))
        : CHECK_MAX_AGE_SECONDS;
      return sendCacheable(request, reply, JSON.stringify(info), {
        cacheControl: `public, max-age=${maxAge}`,
      });
    },
  );

  app.get(
    '/pincodes/shipping/:pincode',
    { schema: { params: PincodeParams, querystring: ShippingQuoteQuery } },
    async (request, reply) => {
      const quote = await app.delivery.quoteShipping(request.params.pincode, request.query.orderValue);
      return sendCacheable(request, reply, JSON.stringify(quote), {
        cacheControl: `public, max-age=${SHIPPING_MAX_AGE_SECONDS}`,
      });
    },
  );

  // The dates and slots on offer change at 14:00 and at midnight India time.
  app.get(
    '/pincodes/delivery-dates/:pincode',
    { schema: { params: PincodeParams, querystring: PincodeCheckQuery } },
    async (request, reply) => {
      const dates = await app.delivery.deliveryDates(request.params.pincode, {
        isPreOrder: request.query.isPreOrder ?? false,
      });
      if (dates.type === 'invalid') throw invalid(DELIVERY_MESSAGES.invalidPincode);
      const maxAge = Math.min(CHECK_MAX_AGE_SECONDS, secondsUntilSameDayChange(app.clock.now()));
      return sendCacheable(request, reply, JSON.stringify(dates), {
        cacheControl: `public, max-age=${maxAge}`,
      });
    },
  );

  app.get('/pincodes/city/:pincode', { schema: { params: PincodeParams } }, async (request, reply) => {
    const place = await app.delivery.cityOf(request.params.pincode);
    if (place === null) throw notFound('We could not find this pincode');
    return sendCacheable(request, reply, JSON.stringify(place), {
      cacheControl: `public, max-age=${CITY_MAX_AGE_SECONDS}`,
    });
  });

  app.post(
    '/shipping/calculate',
    { schema: { body: ShippingCalculationRequest, response: { 200: ShippingCalculation } } },
    async (request) => app.delivery.calculateCart(request.body.items),
  );
};
