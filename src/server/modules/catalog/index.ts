// The catalogue's public entry: products, categories, their listing (searched through the search
// module), the products another module lists (a collection's), page heads, sitemap.
export { installCatalog } from './catalog-module';
export { type CatalogCollections, type CatalogService, createCatalogService } from './catalog-service';
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
export {
  giftsInStockUpTo,
  productsBySkus,
  productsToPrice,
  restock,
  stockFlagsOf,
  takeStock,
} from './product-lookups';
export { lockProducts, ratingOf, setRatings } from './product-ratings';
export {
  categoryNames,
  type ProductRecord,
  productRecordsOf,
  productRecordsWithCategory,
  skuHoldersOf,
} from './product-records';
export { catalogRoutes } from './routes';
export { type TaxCode, taxCodesOf } from './tax-codes';
