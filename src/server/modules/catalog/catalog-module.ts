import type { FastifyInstance } from 'fastify';
import { admitSearchPage, isSearchPage } from '../search';
import { registerCatalogPageHeads } from './page-heads';

/**
 * Everything of the catalogue outside /api: search readiness before the first request and page
 * heads. The API routes go in the /api block; /sitemap.xml, which lists its pages, is http/'s.
 */
export function installCatalog(app: FastifyInstance) {
  app.addHook('onReady', () => app.catalog.prepare());
  app.addHook('onClose', () => app.catalog.close());
  // The search pages the server renders run the API's search, so they spend its allowance.
  app.addHook('onRequest', async (request, reply) => {
    if (isSearchPage(request)) await admitSearchPage(app, request, reply);
  });
  registerCatalogPageHeads(app);
}
