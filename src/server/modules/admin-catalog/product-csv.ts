import type { ImportPreview, ImportReport } from '../../../shared/api/admin';
import { DECLARATION_KEYS } from '../../../shared/legal-metrology-terms';
import { toRupees } from '../../../shared/money';
import { guardFormula, toCsv } from '../../csv';
import type { Db } from '../../db/client';
import { AppError, invalid } from '../../errors';
import {
  categoryNames,
  type ProductRecord,
  productRecordsOf,
  productRecordsWithCategory,
  skuHoldersOf,
} from '../catalog';
import type { AdminCatalogService } from './admin-catalog-service';
import type { ProductCsvPool } from './product-csv-pool';
import { PRODUCT_CSV_COLUMNS, TAG_SEPARATOR, tiersText } from './product-csv-rows';

export { PRODUCT_CSV_COLUMNS };

/** All products, archived ones included, as CSV; money in rupees, tags and tiers joined by '|'. */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await productRecordsWithCategory(db);
  return toCsv([
    [...PRODUCT_CSV_COLUMNS],
    ...rows.map(({ product, category }) => [
      String(product.id),
      guardFormula(product.name),
      guardFormula(product.description),
      String(toRupees(product.pricePaise)),
      String(toRupees(product.mrpPaise)),
      category.slug,
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
  for (const category of await categoryNames(db)) {
    categoryIds.set(category.name.toLowerCase(), category.id);
    categoryIds.set(category.slug.toLowerCase(), category.id);
  }
  return categoryIds;
}

/** A product as the import's fields name it (rupees, percent), to tell what a row would change. */
function fieldsNow(product: ProductRecord): Record<string, unknown> {
  return {
    name: product.name,
    description: product.description,
    price: toRupees(product.pricePaise),
    mrp: toRupees(product.mrpPaise),
    categoryId: product.categoryId,
    tags: product.tags,
    stock: product.stock,
    allowPreOrder: product.allowPreOrder,
    minQuantity: product.minQuantity,
    featured: product.featured,
    archived: product.archived,
    personalisation: product.personalisation,
    quantityTiers: product.quantityTiers,
    sku: product.sku,
    hsnCode: product.hsnCode,
    gstRate: product.gstRateBp === null ? null : product.gstRateBp / 100,
    declarations: product.declarations,
  };
}

/** JSON with object keys in order, so that two equal values read the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const COLUMN_OF_FIELD: Record<string, string> = { categoryId: 'category' };

/**
 * Decision 0077: what importing the file would do, row by row (new, changed and which columns,
 * unchanged, or why not), reading the database and writing nothing. The owner applies the same
 * file afterwards (importProductsCsv), which checks every row again.
 */
export async function previewProductsCsv(
  db: Db,
  csvPool: ProductCsvPool,
  text: string,
): Promise<ImportPreview> {
  const reading = await csvPool.read(text, await categoryIdsOf(db));
  if ('refused' in reading) throw invalid(reading.refused);
  const ids = reading.rows.flatMap((read) => ('update' in read ? [read.update.id] : []));
  const skus = reading.rows.flatMap((read) =>
    'create' in read && read.create.sku
      ? [read.create.sku]
      : 'update' in read && read.update.changes.sku
        ? [read.update.changes.sku]
        : [],
  );
  const [current, skuOwners] = await Promise.all([productRecordsOf(db, ids), skuHoldersOf(db, skus)]);
  const productOf = new Map(current.map((product) => [product.id, product]));
  const skuOwnerOf = new Map(skuOwners.map((owner) => [owner.sku, owner.id]));
  const preview: ImportPreview = { rows: [], counts: { new: 0, changed: 0, unchanged: 0, error: 0 } };
  const add = (row: ImportPreview['rows'][number]) => {
    preview.rows.push(row);
    preview.counts[row.action] += 1;
  };
  const refused = (row: number, productId: number | null, name: string, message: string) =>
    add({ row, action: 'error', productId, name, changes: [], message });
  for (const read of reading.rows) {
    if ('error' in read) {
      refused(read.row, null, '', read.error);
    } else if ('create' in read) {
      const owner = read.create.sku ? skuOwnerOf.get(read.create.sku) : undefined;
      if (owner !== undefined)
        refused(read.row, null, read.create.name, `sku: already used by product ${owner}`);
      else
        add({
          row: read.row,
          action: 'new',
          productId: null,
          name: read.create.name,
          changes: [],
          message: '',
        });
    } else {
      const { id, changes } = read.update;
      const product = productOf.get(id);
      const owner = changes.sku ? skuOwnerOf.get(changes.sku) : undefined;
      if (!product) refused(read.row, id, '', `No product has id ${id}`);
      else if (owner !== undefined && owner !== id)
        refused(read.row, id, product.name, `sku: already used by product ${owner}`);
      else {
        const now = fieldsNow(product);
        const changed = Object.entries(changes)
          .filter(([field, value]) => field in now && canonical(value) !== canonical(now[field]))
          .map(([field]) => COLUMN_OF_FIELD[field] ?? field);
        add({
          row: read.row,
          action: changed.length > 0 ? 'changed' : 'unchanged',
          productId: id,
          name: product.name,
          changes: changed,
          message: '',
        });
      }
    }
  }
  return preview;
}

/**
 * Creates rows without an id and changes the products whose id is given (only the columns the
 * file has). Each row stands alone: a bad row is reported by its line and the others go in. The
 * file is read in the CSV pool's worker; the writes happen here, row by row.
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
