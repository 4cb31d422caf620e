import type { z } from 'zod';
import { AdminProductChanges, NewAdminProduct } from '../../../shared/api/admin';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '../../../shared/product-csv-columns';
import type { QuantityTier } from '../../../shared/quantity-pricing';
import { CsvError, parseCsv, unguardFormula } from '../../csv';
import { AppError, invalid } from '../../errors';

// The reading of an import file: parsing and checking its rows, with no database, so that it can
// run in a worker thread (product-csv-worker.ts) and never hold the event loop.

export { PRODUCT_CSV_COLUMNS };

type Column = ProductCsvColumn;

// One import is one request (text/csv, at most 5 MB); a catalogue larger than this goes in
// several files.
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
export const TAG_SEPARATOR = '|';
const TIER_FORMAT = 'write each tier as pieces:percent off, with | between tiers, e.g. 10:5|50:10';

export const tiersText = (tiers: readonly QuantityTier[]) =>
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
        // Decision 0059: required; a blank cell is refused with the MRP's own message.
        fields.mrp = number(text);
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
      case 'sku':
        fields.sku = text === '' ? null : text;
        break;
      case 'hsnCode':
        fields.hsnCode = text === '' ? null : text;
        break;
      case 'gstRate':
        fields.gstRate = text === '' ? null : number(text.replace(/%$/, ''));
        break;
      default: {
        fields.declarations ??= {};
        const declarations = fields.declarations as Record<string, unknown>;
        if (text !== '') declarations[column] = column === 'netQuantity' ? number(text) : text;
      }
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

/** What one row of the file asks for, by its line as a spreadsheet shows it (the header is row 1). */
export type ProductRow =
  | { row: number; create: NewAdminProduct }
  | { row: number; update: { id: number; changes: AdminProductChanges } }
  | { row: number; error: string };

/** A file refused as a whole (its message), or its rows in order; blank rows are left out. */
export type ProductCsvReading = { refused: string } | { rows: ProductRow[] };

/**
 * Rows without an id create a product and rows with one change it (only the columns the file
 * has). Each row stands alone: a bad row gets its message and the others go on. Categories are
 * matched by name or slug, lower-cased (`categoryIds`).
 */
export function readProductCsv(text: string, categoryIds: Map<string, number>): ProductCsvReading {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) return { refused: `The file is not valid CSV. ${error.message}` };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { refused: 'The file is empty' };
  const columns = header.map((name) => name.trim());
  const unknown = columns.filter((name) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    return { refused: `Unknown columns: ${unknown.join(', ')}. Use: ${PRODUCT_CSV_COLUMNS.join(', ')}` };
  if (rows.length > MAX_IMPORT_ROWS) return { refused: `At most ${MAX_IMPORT_ROWS} products in one file` };

  const read: ProductRow[] = [];
  for (const [index, cellsOfRow] of rows.entries()) {
    const row = index + 2;
    if (cellsOfRow.every((cell) => cell.trim() === '')) continue;
    if (cellsOfRow.length !== columns.length) {
      read.push({ row, error: `Expected ${columns.length} cells, found ${cellsOfRow.length}` });
      continue;
    }
    const cells = new Map(columns.map((column, position) => [column as Column, cellsOfRow[position] ?? '']));
    const idText = cells.get('id')?.trim() ?? '';
    try {
      const fields = fieldsOf(cells, categoryIds);
      if (idText === '') {
        const parsed = NewAdminProduct.safeParse(fields);
        if (!parsed.success) throw invalid(firstIssue(parsed.error));
        read.push({ row, create: parsed.data });
      } else {
        if (!/^\d{1,9}$/.test(idText))
          throw invalid('id must be a product number, or empty for a new product');
        const parsed = AdminProductChanges.safeParse(fields);
        if (!parsed.success) throw invalid(firstIssue(parsed.error));
        read.push({ row, update: { id: Number(idText), changes: parsed.data } });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      read.push({ row, error: error.message });
    }
  }
  return { rows: read };
}
