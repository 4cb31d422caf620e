import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { savedAddressToForm } from '../../../shared/address';
import {
  AddressIdParams,
  AddressInput,
  AddressListResponse,
  AddressResponse,
  DefaultAddressResponse,
  DeleteAddressResponse,
  LegacyAddressListResponse,
} from '../../../shared/api/addresses';
import { addressRecord } from './address-service';

/** SPEC 7 /addresses: every route needs a signed-in user and sees only that user's rows. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.addressBook;
  // onRequest: an anonymous caller is turned away before its body is even parsed.
  app.addHook('onRequest', app.requireUser);

  app.get('/addresses', { schema: { response: { 200: AddressListResponse } } }, async (request) => ({
    data: (await service.list(request.user.id)).map(addressRecord),
  }));

  app.get(
    '/addresses/default',
    { schema: { response: { 200: DefaultAddressResponse } } },
    async (request) => {
      const row = await service.getDefault(request.user.id);
      return { data: row ? addressRecord(row) : null };
    },
  );

  app.get(
    '/addresses/legacy/format',
    { schema: { response: { 200: LegacyAddressListResponse } } },
    async (request) => ({
      data: (await service.list(request.user.id)).map((row) => savedAddressToForm(addressRecord(row))),
    }),
  );

  app.get(
    '/addresses/:id',
    { schema: { params: AddressIdParams, response: { 200: AddressResponse } } },
    async (request) => ({ data: addressRecord(await service.get(request.user.id, request.params.id)) }),
  );

  app.post(
    '/addresses',
    { schema: { body: AddressInput, response: { 201: AddressResponse } } },
    async (request, reply) => {
      const row = await service.create(request.user.id, request.body);
      return reply.code(201).send({ data: addressRecord(row) });
    },
  );

  app.put(
    '/addresses/:id',
    { schema: { params: AddressIdParams, body: AddressInput, response: { 200: AddressResponse } } },
    async (request) => ({
      data: addressRecord(await service.update(request.user.id, request.params.id, request.body)),
    }),
  );

  app.put(
    '/addresses/:id/default',
    { schema: { params: AddressIdParams, response: { 200: AddressResponse } } },
    async (request) => ({
      data: addressRecord(await service.setDefault(request.user.id, request.params.id)),
    }),
  );

  app.delete(
    '/addresses/:id',
    { schema: { params: AddressIdParams, response: { 200: DeleteAddressResponse } } },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return { success: true as const };
    },
  );
};
