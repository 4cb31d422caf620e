import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, ProductListQuery, SearchSuggestionsQuery } from '../../../shared/api/catalog';
import { LISTING_PAGE_SIZE } from '../../../shared/catalog-limits';
import { createCatalogAnswers } from '../../http/catalog-answers';
import { allowLargeListing } from '../search';

/** Listings larger than a screenful or two; the storefront's one page of 1000 is one of them. */
const LARGE_LISTING = 100;

/**
 * SPEC 7 catalogue calls under /api, answered from memory when repeated (http/catalog-answers.ts); the
 * shapes are the Zod schemas of src/shared/api/catalog.ts (checked by the tests).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = createCatalogAnswers(app);

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
};
