import type { FastifyInstance } from 'fastify';
import { type CatalogService, createCatalogService } from './catalog-service';
import { registerCatalogPageHeads } from './page-heads';
import { catalogSiteRoutes } from './site-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue service: reads for every module (e.g. getProductsByIds for cart prices). */
    catalog: CatalogService;
  }
}

/**
 * Everything of the catalogue outside /api: the shared service, search readiness before the
 * first request, page heads, /sitemap.xml and /robots.txt. The API routes go in the /api block.
 */
export async function installCatalog(app: FastifyInstance) {
  const catalog = createCatalogService({ db: app.db });
  app.decorate('catalog', catalog);
  app.addHook('onReady', () => catalog.prepare());
  registerCatalogPageHeads(app);
  await app.register(catalogSiteRoutes);
}
