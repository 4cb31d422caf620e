// The back office's figures without Zod, so that its pages show them without loading it
// (docs/performance.md "JavaScript budget"); admin.ts re-exports them with its schemas.

export const ADMIN_PAGE_SIZE = 25;
// A product at or below this stock shows on the dashboard.
export const LOW_STOCK_THRESHOLD = 5;
/** The dashboard's top products are those of the last 30 days. */
export const TOP_PRODUCT_DAYS = 30;
