import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryAnswer,
  OrderTrackingResponse,
  OwnerDeliveryAction,
  ShipmentResponse,
  ShipmentState,
  ShipRequest,
  TrackQuery,
  TrackResponse,
} from '../../../shared/api/courier';
import { tooMany, waitInWords } from '../../errors';
import { COURIER_BODY_LIMIT } from '../courier-providers';

const OrderParams = z.object({ id: z.string().max(64) });
const Acknowledged = z.object({ received: z.boolean() });

/**
 * /api/admin/orders/:id/shipment: the owner books, prints and cancels one order's shipment; many
 * orders go through the dispatch desk's jobs (decision 0077).
 */
export const shipmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/admin/orders/:id/shipment',
    { schema: { params: OrderParams, body: ShipRequest.nullish(), response: { 201: ShipmentResponse } } },
    async (request, reply) =>
      reply.code(201).send({ shipment: await app.shipments.ship(request.params.id, request.body?.parcel) }),
  );
  app.get(
    '/admin/orders/:id/shipment',
    {
      schema: { params: OrderParams, response: { 200: ShipmentState } },
    },
    async (request) => app.shipments.shipmentFor(request.params.id),
  );
  app.delete(
    '/admin/orders/:id/shipment',
    { schema: { params: OrderParams, response: { 200: ShipmentResponse } } },
    async (request) => ({ shipment: await app.shipments.cancel(request.params.id) }),
  );
  // Decision 0065: the owner's answer to a failed delivery, sent to the courier as its NDR action.
  app.post(
    '/admin/orders/:id/shipment/failed-delivery',
    { schema: { params: OrderParams, body: OwnerDeliveryAction, response: { 200: ShipmentState } } },
    async (request) => app.shipments.actOnFailedDelivery(request.params.id, request.body),
  );
  app.get('/admin/orders/:id/shipment/label', { schema: { params: OrderParams } }, async (request, reply) => {
    const { awb, pdf } = await app.shipments.label(request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="label-${awb}.pdf"`)
      .send(pdf);
  });
};

/** The courier's webhook, public tracking and the shopper's own tracking. */
export const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/shipping/webhook',
    // The scan is checked by the shipping service's own schema once its token is; until then
    // only its size is bounded.
    { bodyLimit: COURIER_BODY_LIMIT, schema: { response: { 200: Acknowledged } } },
    async (request) => {
      const header = request.headers['x-api-key'];
      const { stored } = await app.shipments.receiveTracking(
        request.body,
        typeof header === 'string' ? header : undefined,
      );
      return { received: stored };
    },
  );

  app.get(
    '/track',
    { schema: { querystring: TrackQuery, response: { 200: TrackResponse } } },
    async (request) => {
      // Guessing pairs is the risk here, so each address gets a small allowance.
      const wait = await app.trackLimiter.consume(request.ip);
      if (wait > 0) throw tooMany(`Too many tries. Please try again in ${waitInWords(wait)}.`, wait);
      return { order: await app.shipments.track(request.query.orderNumber, request.query.contact) };
    },
  );

  app.get(
    '/orders/:id/tracking',
    {
      schema: { params: OrderParams, response: { 200: OrderTrackingResponse } },
      preHandler: app.requireUser,
    },
    async (request) => ({ tracking: await app.shipments.orderTracking(request.user.id, request.params.id) }),
  );
  app.post(
    '/orders/:id/delivery-answer',
    {
      schema: { params: OrderParams, body: DeliveryAnswer, response: { 200: OrderTrackingResponse } },
      preHandler: app.requireUser,
    },
    async (request) => ({
      tracking: await app.shipments.answerFailedDelivery(request.user.id, request.params.id, request.body),
    }),
  );
};
