import { asc, eq } from 'drizzle-orm';
import type { ImportReport } from '../../../shared/api/admin';
import { DECLARATION_KEYS } from '../../../shared/legal-metrology-terms';
import { toRupees } from '../../../shared/money';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { AdminCatalogService } from './admin-catalog-service';
import { guardFormula, toCsv } from './csv';
import type { ProductCsvPool } from './product-csv-pool';
import { PRODUCT_CSV_COLUMNS, TAG_SEPARATOR, tiersText } from './product-csv-rows';

export { PRODUCT_CSV_COLUMNS };

/** All products, archived ones included, as CSV; money in rupees, tags and tiers joined by '|'. */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ product: products, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(products.id));
  return toCsv([
    [...PRODUCT_CSV_COLUMNS],
    ...rows.map(({ product, categorySlug }) => [
      String(product.id),
      guardFormula(product.name),
      guardFormula(product.description),
      String(toRupees(product.pricePaise)),
      String(toRupees(product.mrpPaise)),
      categorySlug,
      guardFormula(product.tags.join(TAG_SEPARATOR)),
      String(product.stock),
      String(product.allowPreOrder),
      String(product.minQuantity),
      String(product.featured),
      String(product.archived),
      product.image,
      product.personalisation ? guardFormula(JSON.stringify(product.personalisation)) : '',
      tiersText(product.quantityTiers),
      guardFormula(product.sku ?? ''),
      product.hsnCode ?? '',
      product.gstRateBp === null ? '' : String(product.gstRateBp / 100),
      ...DECLARATION_KEYS.map((key) => guardFormula(String(product.declarations[key] ?? ''))),
    ]),
  ]);
}

/** Categories by lower-cased name and slug, as the import's category column may name them. */
async function categoryIdsOf(db: Db): Promise<Map<string, number>> {
  const categoryIds = new Map<string, number>();
  for (const category of await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)) {
    categoryIds.set(category.name.toLowerCase(), category.id);
    categoryIds.set(category.slug.toLowerCase(), category.id);
  }
  return categoryIds;
}

/**
 * Creates rows without an id and changes the products whose id is given (only the columns the
 * file has). Each row stands alone: a bad row is reported by its line and the others go in. The
 * file is read in the CSV pool's worker (issue 21); the writes happen here, row by row.
 */
export async function importProductsCsv(
  db: Db,
  catalog: AdminCatalogService,
  csvPool: ProductCsvPool,
  text: string,
): Promise<ImportReport> {
  const reading = await csvPool.read(text, await categoryIdsOf(db));
  if ('refused' in reading) throw invalid(reading.refused);

  const report: ImportReport = { created: 0, updated: 0, errors: [] };
  for (const read of reading.rows) {
    try {
      if ('error' in read) throw invalid(read.error);
      if ('create' in read) {
        await catalog.createProduct(read.create);
        report.created += 1;
      } else {
        await catalog.updateProduct(read.update.id, read.update.changes);
        report.updated += 1;
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.errors.push({ row: read.row, message: error.message });
    }
  }
  return report;
}
