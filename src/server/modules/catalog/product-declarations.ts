// Decision 0059, Legal Metrology (Packaged Commodities) Rules 2011, rule 6(10): the declarations a
// product page shows, each the product's own or else its category's, and the country of origin the
// listing filters by (kept on the product row, as products.origin_country says).
import { type SQL, sql } from 'drizzle-orm';
import type { ProductDetails } from '../../../shared/api/catalog';
import {
  type DeclarationOverrides,
  declarationsOf,
  HOME_COUNTRY,
  unitSalePrice,
} from '../../../shared/legal-metrology';
import { toRupees } from '../../../shared/money';
import { type Queryable, rowsOf } from '../../db/client';
import { notFound } from '../../errors';
import type { CatalogReader } from './catalog-rows';

/** A shopper's view of a product's declarations and unit sale price; 404 when it is not for sale. */
export async function productDetails({ db }: CatalogReader, id: number): Promise<ProductDetails> {
  const [row] = rowsOf<{ price: number; own: DeclarationOverrides; category: DeclarationOverrides }>(
    await db.execute(sql`
      SELECT p.price_paise AS price, p.declarations AS own, c.declarations AS category
      FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.id = ${id} AND NOT p.archived`),
  );
  if (!row) throw notFound('Product not found');
  const declarations = declarationsOf(row.category, row.own);
  const { netQuantity, netUnit } = declarations;
  const unit =
    netQuantity !== undefined && netUnit !== undefined
      ? unitSalePrice(Number(row.price), netQuantity, netUnit)
      : null;
  return {
    declarations,
    unitPrice: unit ? { price: toRupees(unit.paise), per: unit.per } : null,
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
