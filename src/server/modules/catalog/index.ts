// The catalogue's public entry: products, categories, their listing (searched through the search
// module), the products another module lists (a collection's), the back office's reads and
// changes of them, page heads, sitemap.
export { installCatalog } from './catalog-module';
export { type CatalogCollections, type CatalogService, createCatalogService } from './catalog-service';
export type { CategoryChanges, ProductChanges } from './catalog-writes';
export { lowStockCount, lowStockProducts } from './low-stock';
export {
  categoryNames,
  gstRatesToConfirm,
  knownCategoryIds,
  type OwnerProduct,
  ownerCategories,
  ownerProduct,
  ownerProducts,
  type ProductRecord,
  productRecordsOf,
  productRecordsWithCategory,
  skuHoldersOf,
} from './owner-catalog';
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
  productsPickedByRule,
  productsToPrice,
  restock,
  stockFlagsOf,
  takeStock,
} from './product-lookups';
export { lockProducts, ratingOf, setRatings } from './product-ratings';
export { catalogRoutes } from './routes';
export { type TaxCode, taxCodesOf } from './tax-codes';
