import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliverySlotInput,
  DeliverySlotList,
  DeliverySlotParams,
  DeliverySlotRecord,
} from '../../../shared/api/delivery-slots';

/** /api/admin/delivery-slots (decision 0073): the owner's timed delivery slots; owners only (staff-roles.ts). */
export const deliverySlotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get('/admin/delivery-slots', { schema: { response: { 200: DeliverySlotList } } }, async () => ({
    slots: await app.deliverySlots.list(),
  }));

  app.post(
    '/admin/delivery-slots',
    { schema: { body: DeliverySlotInput, response: { 201: z.object({ slot: DeliverySlotRecord }) } } },
    async (request, reply) => reply.code(201).send({ slot: await app.deliverySlots.create(request.body) }),
  );

  app.put(
    '/admin/delivery-slots/:id',
    {
      schema: {
        params: DeliverySlotParams,
        body: DeliverySlotInput,
        response: { 200: z.object({ slot: DeliverySlotRecord }) },
      },
    },
    async (request) => ({ slot: await app.deliverySlots.update(request.params.id, request.body) }),
  );

  app.delete(
    '/admin/delivery-slots/:id',
    { schema: { params: DeliverySlotParams } },
    async (request, reply) => {
      await app.deliverySlots.remove(request.params.id);
      return reply.code(204).send();
    },
  );
};
