// The catalogue's public entry: products, categories, collections, their listing (searched through
// the search module), page heads, sitemap.
export { installCatalog } from './catalog-module';
export { type CatalogService, createCatalogService, RULE_COLLECTIONS_EVERY_MS } from './catalog-service';
export type { ProductChanges } from './catalog-writes';
export { lowStockCount, lowStockProducts } from './low-stock';
export {
  availabilityOf,
  type ProductCard,
  parcelFactsOf,
  pricedProductsOf,
  productBuyable,
  productCardsOf,
  productNamesOf,
  productOnSale,
} from './product-cards';
export { giftsInStockUpTo, productsToPrice, restock, stockFlagsOf } from './product-lookups';
export { lockProducts, ratingOf, setRatings } from './product-ratings';
export { catalogRoutes } from './routes';
export { type TaxCode, taxCodesOf } from './tax-codes';
