import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, ProductListQuery, SearchSuggestionsQuery } from '../../../shared/api/catalog';
import { LISTING_PAGE_SIZE } from '../../../shared/catalog-limits';
import { sendCached } from '../../http/cacheable-response';
import { createResponseCache } from '../../http/response-cache';
import { allowLargeListing } from '../search';

/** Listings larger than a screenful or two; the storefront's one page of 1000 is one of them. */
const LARGE_LISTING = 100;

/** The request's path and its validated query with sorted keys: what the answer depends on. */
function cacheKeyOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const query = (request.query ?? {}) as Record<string, unknown>;
  const known = Object.keys(query)
    .filter((name) => query[name] !== undefined)
    .sort()
    .map((name) => [name, query[name]]);
  return known.length > 0 ? `${path}?${JSON.stringify(known)}` : path;
}

/**
 * SPEC 7 catalogue calls under /api. Bodies are serialised here once, so that the ETag names the
 * exact bytes and a repeated request is answered from memory; the shapes are the Zod schemas of
 * src/shared/api/catalog.ts (checked by the tests).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const responses = createResponseCache({ ttlMs: 10_000, maxBytes: 32 * 1024 * 1024 });
  const stopListening = app.catalog.onChange(() => responses.clear());
  app.addHook('onClose', async () => stopListening());

  /**
   * The answer for this request from the cache, or from `load` (a 404 is thrown, never cached).
   * Keyed on the path and the parsed, validated query (unknown parameters dropped, keys sorted),
   * so a junk parameter cannot make every request a miss. `beforeLoad` runs on a miss only.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<unknown>,
    beforeLoad?: () => Promise<void>,
  ) {
    const key = cacheKeyOf(request);
    // A change made on another instance drops this instance's answers first.
    await app.catalog.sync();
    let entry = responses.get(key);
    // Says whether the answer came from memory (tests and operators see the cache work).
    reply.header('x-answer-cache', entry ? 'hit' : 'miss');
    if (!entry) {
      await beforeLoad?.();
      entry = responses.set(key, JSON.stringify(await load()));
    }
    return sendCached(request, reply, responses, key, entry);
  }

  /**
   * A search costs far more than a listing: it is answered within the search allowance (decision
   * 0058), which holds its place in the search work until the answer is worked out.
   */
  async function answerSearch(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) {
    const release = await app.searchAllowance.admit(request.ip);
    try {
      return await answer(request, reply, load);
    } finally {
      release();
    }
  }

  app.get('/products', { schema: { querystring: ProductListQuery } }, (request, reply) => {
    const load = () => app.catalog.listProducts(request.query);
    // A search's work is bounded by its page and held by the search allowance; a large listing
    // without one has its own allowance (decision 0057).
    if (request.query.search) return answerSearch(request, reply, load);
    const large = (request.query.limit ?? LISTING_PAGE_SIZE) > LARGE_LISTING;
    return answer(request, reply, load, large ? () => allowLargeListing(app, request) : undefined);
  });

  // The header search's suggestions, one request per pause in typing, within the same
  // allowance as a search.
  app.get('/search/suggestions', { schema: { querystring: SearchSuggestionsQuery } }, (request, reply) => {
    const load = () => app.catalog.suggestSearch(request.query.q);
    return request.query.q.trim() ? answerSearch(request, reply, load) : answer(request, reply, load);
  });

  // "You may also like", loaded as the shopper scrolls towards it.
  app.get('/products/:id/similar', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ data: await app.catalog.similarProducts(request.params.id) })),
  );

  // Decision 0079: the add-ons offered after Add to Cart on this product.
  app.get('/products/:id/add-ons', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ data: await app.catalog.addOnsOffered(request.params.id) })),
  );

  // Decision 0059: the product page's Legal Metrology declarations, asked for beside the product.
  app.get('/products/:id/details', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ details: await app.catalog.productDetails(request.params.id) })),
  );

  app.get('/catalog-countries', (request, reply) =>
    answer(request, reply, async () => ({ countries: await app.catalog.originCountries() })),
  );

  app.get('/products/:id', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ product: await app.catalog.getProduct(request.params.id) })),
  );

  app.get('/categories', (request, reply) => answer(request, reply, () => app.catalog.listCategories()));

  // The live figures behind the home's claims.
  app.get('/catalog-summary', (request, reply) => answer(request, reply, () => app.catalog.catalogSummary()));

  app.get('/collections', (request, reply) => answer(request, reply, () => app.catalog.listCollections()));

  app.get('/collections/:id', { schema: { params: IdParams } }, (request, reply) =>
    answer(request, reply, async () => ({ data: await app.catalog.getCollection(request.params.id) })),
  );
};
