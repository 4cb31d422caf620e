// The catalogue's public entry: products, categories, collections, search, page heads, sitemap.
export { installCatalog } from './catalog-module';
export {
  type CatalogService,
  createCatalogService,
  type ProductChanges,
  rebuildSearchTerms,
} from './catalog-service';
export { catalogRoutes } from './routes';
