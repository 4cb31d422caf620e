import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CouponQuote, ValidateCoupon } from '../../../shared/api/coupons';

/** The checkout asks what a code takes off the cart before the shopper pays. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/coupons/validate',
    { schema: { body: ValidateCoupon, response: { 200: CouponQuote } }, preHandler: app.requireUser },
    async (request) => app.coupons.quote(request.user.id, request.body.code, request.body.items),
  );
};
