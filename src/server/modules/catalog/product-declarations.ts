// Decision 0059, Legal Metrology (Packaged Commodities) Rules 2011, rule 6(10): the declarations a
// product page shows, each the product's own or else its category's, and the country of origin the
// listing filters by (kept on the product row, as products.origin_country says).
import { type SQL, sql } from 'drizzle-orm';
import type { Product, ProductDetails } from '../../../shared/api/catalog';
import {
  type DeclarationOverrides,
  declarationsOf,
  HOME_COUNTRY,
  unitSalePrice,
} from '../../../shared/legal-metrology';
import { toRupees } from '../../../shared/money';
import { type Queryable, rowsOf } from '../../db/client';
import { notFound } from '../../errors';
import { type CatalogReader, productRows, toApiProduct } from './catalog-rows';
import { categories } from './tables';

/** A shopper's view of a product's declarations and unit sale price, from its rows' values. */
function detailsOf(price: number, own: DeclarationOverrides, category: DeclarationOverrides): ProductDetails {
  const declarations = declarationsOf(category, own);
  const { netQuantity, netUnit } = declarations;
  const unit =
    netQuantity !== undefined && netUnit !== undefined ? unitSalePrice(price, netQuantity, netUnit) : null;
  return {
    declarations,
    unitPrice: unit ? { price: toRupees(unit.paise), per: unit.per } : null,
  };
}

/**
 * Each category's own declarations, read with the other catalogue figures and dropped with them on
 * every catalogue change (a category's declarations change through changeCategory, which drops
 * them here and on every instance).
 */
function categoryDeclarations({ db, cache }: CatalogReader): Promise<Map<number, DeclarationOverrides>> {
  return cache.remember('category-declarations', async () => {
    const rows = await db
      .select({ id: categories.id, declarations: categories.declarations })
      .from(categories);
    return new Map(rows.map((row) => [row.id, row.declarations]));
  });
}

/**
 * A product a shopper may see and its declarations, in one read; 404 'Product not found' when it
 * is not for sale. A product page needs both (its head and its body), and a second statement per
 * page was a fifth of the page's CPU on the embedded database (decision 0083). Its category's
 * declarations come from memory: joining the categories in that read cost a third of it on the
 * embedded database (decision 0092).
 */
export async function productWithDetails(
  reader: CatalogReader,
  id: number,
): Promise<{ product: Product; details: ProductDetails }> {
  const [found] = await productRows<{ own: DeclarationOverrides }>(
    reader,
    { where: sql`p.id = ${id} AND NOT p.archived` },
    sql`p.declarations AS own`,
  );
  if (!found) throw notFound('Product not found');
  // A category made by another instance since the figures were read: read them again.
  let byCategory = await categoryDeclarations(reader);
  if (!byCategory.has(found.row.categoryId)) {
    reader.cache.clear();
    byCategory = await categoryDeclarations(reader);
  }
  return {
    product: toApiProduct(found.product),
    details: detailsOf(found.product.pricePaise, found.row.own, byCategory.get(found.row.categoryId) ?? {}),
  };
}

/**
 * Writes products.origin_country of the products `where` picks (over `p`): their own country of
 * origin, else their category's, else India. Run in the transaction of every change to either.
 */
export async function refreshOriginCountry(db: Queryable, where: SQL): Promise<void> {
  await db.execute(sql`
    UPDATE products p
    SET origin_country = coalesce(
      nullif(p.declarations->>'countryOfOrigin', ''),
      nullif(c.declarations->>'countryOfOrigin', ''),
      ${HOME_COUNTRY})
    FROM categories c
    WHERE c.id = p.category_id AND ${where}`);
}

/** The countries of origin of the products for sale, most products first (the listing's filter). */
export function originCountries({ db, cache }: CatalogReader): Promise<string[]> {
  return cache.remember('origin-countries', async () =>
    rowsOf<{ country: string }>(
      await db.execute(sql`
        SELECT origin_country AS country FROM products WHERE NOT archived
        GROUP BY origin_country ORDER BY count(*) DESC, origin_country`),
    ).map((row) => row.country),
  );
}
