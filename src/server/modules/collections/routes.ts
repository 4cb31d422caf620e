import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/api/catalog';
import { createCatalogAnswers } from '../../http/catalog-answers';

/** SPEC 7: the collections under /api, answered from memory until the catalogue changes. */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = createCatalogAnswers(app);

  app.get('/collections', (request, reply) =>
    answer(request, reply, () => app.collections.listCollections()),
  );

  app.get('/collections/:id', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ data: await app.collections.getCollection(request.params.id) })),
  );
};
