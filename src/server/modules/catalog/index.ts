// The catalogue's public entry: products, categories, collections, search, page heads, sitemap.
export { installCatalog } from './catalog-module';
export { type CatalogService, createCatalogService, RULE_COLLECTIONS_EVERY_MS } from './catalog-service';
export type { ProductChanges } from './catalog-writes';
export { catalogRoutes } from './routes';
export {
  createSearchAllowance,
  createSearchGate,
  SEARCHES_PER_MINUTE,
  type SearchAllowance,
} from './search-allowance';
export { rebuildSearchTerms } from './search-index';
