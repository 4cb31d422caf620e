import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, ProductListQuery, SearchSuggestionsQuery } from '../../../shared/api/catalog';
import { tooMany, waitInWords } from '../../errors';
import { sendCached } from '../../http/cacheable-response';
import { createResponseCache } from '../../http/response-cache';

/**
 * SPEC 7 catalogue calls under /api. Bodies are serialised here once, so that the ETag names the
 * exact bytes and a repeated request is answered from memory; the shapes are the Zod schemas of
 * src/shared/api/catalog.ts (checked by the tests).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const responses = createResponseCache({ ttlMs: 10_000, maxBytes: 32 * 1024 * 1024 });
  const stopListening = app.catalog.onChange(() => responses.clear());
  app.addHook('onClose', async () => stopListening());

  /** The answer for this URL from the cache, or from `load` (a 404 is thrown, never cached). */
  async function answer(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) {
    const key = request.url;
    // A change made on another instance drops this instance's answers first.
    await app.catalog.sync();
    const entry = responses.get(key) ?? responses.set(key, JSON.stringify(await load()));
    return sendCached(request, reply, responses, key, entry);
  }

  /** A search costs far more than a listing, so each address has its own allowance (issue 21). */
  async function allowSearch(request: FastifyRequest) {
    const wait = await app.searchLimiter.consume(request.ip);
    if (wait > 0) throw tooMany(`Too many searches. Please try again in ${waitInWords(wait)}.`, wait);
  }

  app.get('/products', { schema: { querystring: ProductListQuery } }, async (request, reply) => {
    if (request.query.search) await allowSearch(request);
    return answer(request, reply, () => app.catalog.listProducts(request.query));
  });

  // Issue 25: the header search's suggestions, one request per pause in typing (the same allowance
  // as a search: 120 a minute is far more than a shopper types).
  app.get(
    '/search/suggestions',
    { schema: { querystring: SearchSuggestionsQuery } },
    async (request, reply) => {
      if (request.query.q.trim()) await allowSearch(request);
      return answer(request, reply, () => app.catalog.suggestSearch(request.query.q));
    },
  );

  // Issue 25: "You may also like", loaded as the shopper scrolls towards it.
  app.get('/products/:id/similar', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ data: await app.catalog.similarProducts(request.params.id) })),
  );

  app.get('/products/:id', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ product: await app.catalog.getProduct(request.params.id) })),
  );

  app.get('/categories', (request, reply) => answer(request, reply, () => app.catalog.listCategories()));

  // Issue 25: the live figures behind the home's claims.
  app.get('/catalog-summary', (request, reply) => answer(request, reply, () => app.catalog.catalogSummary()));

  app.get('/collections', (request, reply) => answer(request, reply, () => app.catalog.listCollections()));

  app.get('/collections/:id', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ data: await app.catalog.getCollection(request.params.id) })),
  );
};
