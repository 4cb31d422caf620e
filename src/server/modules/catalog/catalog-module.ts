import type { FastifyInstance } from 'fastify';
import { registerCatalogPageHeads } from './page-heads';
import { catalogSiteRoutes } from './site-routes';

/**
 * Everything of the catalogue outside /api: search readiness before the first request, page heads, /sitemap.xml and /robots.txt. The API routes go in the /api block.
 */
export async function installCatalog(app: FastifyInstance) {
  app.addHook('onReady', () => app.catalog.prepare());
  registerCatalogPageHeads(app);
  await app.register(catalogSiteRoutes);
}
