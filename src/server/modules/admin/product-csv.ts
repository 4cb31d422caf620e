import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AdminProductChanges, type ImportReport, NewAdminProduct } from '../../../shared/api/admin';
import { toRupees } from '../../../shared/money';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { AdminCatalogService } from './admin-catalog-service';
import { CsvError, guardFormula, parseCsv, toCsv, unguardFormula } from './csv';

/** The export's columns, which the import reads back (by name, in any order). */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'description',
  'price',
  'mrp',
  'category',
  'tags',
  'stock',
  'allowPreOrder',
  'minQuantity',
  'featured',
  'archived',
  'image',
  // Issue 13: the personalisation config as JSON; empty when the product is not personalisable.
  'personalisation',
  // Bulk discounts as pieces:percent, '|' between tiers (10:5|50:10); empty for none.
  'quantityTiers',
] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

// One import is one request; a catalogue larger than this goes in several files.
const MAX_IMPORT_ROWS = 5000;
const TAG_SEPARATOR = '|';
const TIER_FORMAT = 'write each tier as pieces:percent off, with | between tiers, e.g. 10:5|50:10';

const tiersText = (tiers: readonly QuantityTier[]) =>
  tiers.map((tier) => `${tier.minQuantity}:${tier.percentOff}`).join(TAG_SEPARATOR);

/** '10:5|50:10' as tiers; the ranges and the order are the schema's to check. */
function tiersOf(text: string): QuantityTier[] {
  if (text === '') return [];
  return text.split(TAG_SEPARATOR).map((part) => {
    const match = /^\s*(\d{1,9})\s*:\s*(\d{1,3})\s*%?\s*$/.exec(part);
    if (!match) throw invalid(`quantityTiers: ${TIER_FORMAT} (found '${part.trim()}')`);
    return { minQuantity: Number(match[1]), percentOff: Number(match[2]) };
  });
}

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
      product.mrpPaise === null ? '' : String(toRupees(product.mrpPaise)),
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
    ]),
  ]);
}

const BOOLEAN_TEXT: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

/** JSON that does not read stays text, which the schema refuses with its own message. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A row's cells as the API's product fields; numbers and booleans that do not read are kept as text for Zod to refuse. */
function fieldsOf(cells: Map<Column, string>, categoryIds: Map<string, number>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const number = (text: string) =>
    text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  for (const [column, raw] of cells) {
    const text = unguardFormula(raw).trim();
    switch (column) {
      case 'id':
      case 'image':
        break;
      case 'name':
      case 'description':
        fields[column] = text;
        break;
      case 'price':
      case 'stock':
      case 'minQuantity':
        fields[column] = number(text);
        break;
      case 'mrp':
        fields.mrp = text === '' ? null : number(text);
        break;
      case 'category':
        fields.categoryId = categoryIds.get(text.toLowerCase()) ?? -1;
        break;
      case 'tags':
        fields.tags = text
          .split(TAG_SEPARATOR)
          .map((tag) => tag.trim())
          .filter(Boolean);
        break;
      case 'allowPreOrder':
      case 'featured':
      case 'archived':
        fields[column] = BOOLEAN_TEXT[text.toLowerCase()] ?? text;
        break;
      case 'personalisation':
        fields.personalisation = text === '' ? null : jsonOrText(text);
        break;
      case 'quantityTiers':
        fields.quantityTiers = tiersOf(text);
        break;
    }
  }
  return fields;
}

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  const path = issue?.path.join('.');
  const field = path === 'categoryId' ? 'category' : path;
  return `${field ? `${field}: ` : ''}${path === 'categoryId' ? 'no such category' : (issue?.message ?? 'invalid value')}`;
};

/**
 * Creates rows without an id and changes the products whose id is given (only the columns the
 * file has). Each row stands alone: a bad row is reported by its line and the others go in.
 */
export async function importProductsCsv(
  db: Db,
  catalog: AdminCatalogService,
  text: string,
): Promise<ImportReport> {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw invalid(`The file is not valid CSV. ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw invalid('The file is empty');
  const columns = header.map((name) => name.trim());
  const unknown = columns.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw invalid(`Unknown columns: ${unknown.join(', ')}. Use: ${PRODUCT_CSV_COLUMNS.join(', ')}`);
  if (rows.length > MAX_IMPORT_ROWS) throw invalid(`At most ${MAX_IMPORT_ROWS} products in one file`);

  const categoryIds = new Map<string, number>();
  for (const category of await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)) {
    categoryIds.set(category.name.toLowerCase(), category.id);
    categoryIds.set(category.slug.toLowerCase(), category.id);
  }

  const report: ImportReport = { created: 0, updated: 0, errors: [] };
  for (const [index, row] of rows.entries()) {
    // Line numbers as a spreadsheet shows them: the header is row 1.
    const rowNumber = index + 2;
    if (row.every((cell) => cell.trim() === '')) continue;
    if (row.length !== columns.length) {
      report.errors.push({
        row: rowNumber,
        message: `Expected ${columns.length} cells, found ${row.length}`,
      });
      continue;
    }
    const cells = new Map(columns.map((column, position) => [column as Column, row[position] ?? '']));
    const idText = cells.get('id')?.trim() ?? '';
    try {
      const fields = fieldsOf(cells, categoryIds);
      if (idText === '') {
        const parsed = NewAdminProduct.safeParse(fields);
        if (!parsed.success) throw invalid(firstIssue(parsed.error));
        await catalog.createProduct(parsed.data);
        report.created += 1;
      } else {
        if (!/^\d{1,9}$/.test(idText))
          throw invalid('id must be a product number, or empty for a new product');
        const parsed = AdminProductChanges.safeParse(fields);
        if (!parsed.success) throw invalid(firstIssue(parsed.error));
        await catalog.updateProduct(Number(idText), parsed.data);
        report.updated += 1;
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.errors.push({ row: rowNumber, message: error.message });
    }
  }
  return report;
}
