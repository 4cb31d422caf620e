// The back office's catalogue: products (their form, photos, CSV and photo-zip imports in a worker
// pool), categories and collections, and the routes under /api/admin for them.
export { type AdminCatalogService, createAdminCatalogService } from './admin-catalog-service';
export { createProductCsvPool, PRODUCT_CSV_MESSAGES, type ProductCsvPool } from './product-csv-pool';
export { adminCatalogRoutes } from './routes';
