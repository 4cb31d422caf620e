// Decision 0079: the add-ons a gift's category offers, for the step after Add to Cart.
import { sql } from 'drizzle-orm';
import { ADD_ONS_OFFERED, type AddOnKind } from '../../../shared/add-ons';
import type { AddOn } from '../../../shared/api/catalog';
import { executePrepared } from '../../db/client';
import { notFound } from '../../errors';
import { type CatalogReader, productRows, toApiProduct } from './catalog-rows';

/**
 * The add-ons offered with this product: in stock, not archived, offered by its category; none for
 * an add-on itself (its own Add to Cart is the whole choice). Cheapest first, as a shop counter
 * lays them out.
 */
export async function addOnsOffered(reader: CatalogReader, id: number): Promise<AddOn[]> {
  const [product] = await executePrepared<{ categoryId: number; addOnKind: AddOnKind | null }>(
    reader.db,
    sql`SELECT category_id AS "categoryId", add_on_kind AS "addOnKind" FROM products
      WHERE id = ${id} AND NOT archived`,
  );
  if (!product) throw notFound('Product not found');
  if (product.addOnKind !== null) return [];
  const rows = await productRows<{ addOnKind: AddOnKind }>(
    reader,
    {
      where: sql`p.add_on_kind IS NOT NULL AND NOT p.archived AND p.stock > 0
        AND ${product.categoryId}::int = ANY(p.add_on_category_ids)`,
      orderBy: sql`p.price_paise, p.id`,
      limit: ADD_ONS_OFFERED,
    },
    sql`p.add_on_kind AS "addOnKind"`,
  );
  return rows.map(({ product: offered, row }) => ({ ...toApiProduct(offered), addOnKind: row.addOnKind }));
}
