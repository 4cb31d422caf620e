// What the header search offers while the shopper types, and "You may also like" on a
// product page. Both are small, bounded reads built on the catalogue's search and rows.
import { type SQL, sql } from 'drizzle-orm';
import type { Product, SearchSuggestions } from '../../../shared/api/catalog';
import { SIMILAR_PRODUCTS, SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from '../../../shared/catalog-limits';
import { executePrepared } from '../../db/client';
import { notFound } from '../../errors';
import {
  type CorrectedWord,
  correctSearch,
  firstCategoriesFrom,
  textMatchSql,
  textRuleOf,
  wordsOf,
} from '../search';
import { listProducts } from './catalog-reads';
import { type CatalogReader, categoryRows, selectProducts, toApiProduct } from './catalog-rows';

/**
 * The categories holding the most matches are judged on at most this many of them: a word most
 * products share would otherwise cost a pass over most of the catalogue per keystroke (decision
 * 0058); a thousand matches rank the few categories offered much as all of them would.
 */
const CATEGORY_SAMPLE = 1_000;

const NO_SUGGESTIONS: SearchSuggestions = { products: [], categories: [] };

/**
 * The best few products for a partly typed query (the listing's own search: typos corrected,
 * the last word completed, 'choc' → chocolate), and categories: first those whose name holds a
 * corrected word, then those holding the most matching products (offered with the search kept).
 */
export async function suggestSearch(reader: CatalogReader, q: string): Promise<SearchSuggestions> {
  const words = await correctSearch(reader, q);
  if (!words) return NO_SUGGESTIONS;
  if (!textRuleOf(words, 'all')) return NO_SUGGESTIONS;

  const [found, categories] = await Promise.all([
    listProducts(reader, { search: q, limit: SUGGESTED_PRODUCTS }),
    categoryRows(reader),
  ]);
  const terms = new Set(words.flatMap((word) => word.terms));
  const named = categories.filter((category) => wordsOf(category.name).some((word) => terms.has(word)));

  const holding = await categoriesHolding(reader, words);
  const search = q.trim();
  const suggestedCategories = [
    ...named.map((category) => ({ name: category.name, slug: category.slug, search: null })),
    ...holding.flatMap((id) => {
      const category = categories.find((entry) => entry.id === id);
      if (!category || named.includes(category)) return [];
      return [{ name: category.name, slug: category.slug, search }];
    }),
  ].slice(0, SUGGESTED_CATEGORIES);

  return {
    products: found.data.map(({ id, name, slug, image, price, category }) => ({
      id,
      name,
      slug,
      image,
      price,
      category,
    })),
    categories: suggestedCategories,
  };
}

/**
 * The categories holding the most of the first CATEGORY_SAMPLE matches in listing order (then by
 * id), from the postings held in memory when they are current, else in SQL (decision 0074).
 */
async function categoriesHolding(reader: CatalogReader, words: CorrectedWord[]): Promise<number[]> {
  const rule = textRuleOf(words, 'all');
  if (!rule) return [];
  const postings = reader.postings?.current() ?? null;
  if (postings) {
    const counts = new Map<number, number>();
    for (const id of firstCategoriesFrom(postings, rule, CATEGORY_SAMPLE))
      counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, SUGGESTED_CATEGORIES)
      .map(([id]) => id);
  }
  const rows = await executePrepared<{ id: number }>(
    reader.db,
    sql`
      SELECT category_id AS id FROM (
        SELECT p.category_id FROM products p
        WHERE NOT p.archived AND ${textMatchSql(words, 'all')}
        ORDER BY p.featured DESC, p.id DESC LIMIT ${CATEGORY_SAMPLE}) matched
      GROUP BY category_id ORDER BY count(*) DESC, category_id LIMIT ${SUGGESTED_CATEGORIES}`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Products a shopper of this one may also like: in stock, from its category or one of its
 * collections, same category first, then featured, best rated and newest.
 */
export async function similarProducts(
  reader: CatalogReader,
  id: number,
  sharesCollection: (productId: SQL, id: number) => SQL,
): Promise<Product[]> {
  const [product] = await executePrepared<{ categoryId: number }>(
    reader.db,
    sql`SELECT category_id AS "categoryId" FROM products WHERE id = ${id} AND NOT archived`,
  );
  if (!product) throw notFound('Product not found');
  const rows = await selectProducts(reader, {
    where: sql`NOT p.archived AND p.stock > 0 AND p.id <> ${id} AND (
      p.category_id = ${product.categoryId} OR ${sharesCollection(sql`p.id`, id)})`,
    orderBy: sql`(p.category_id = ${product.categoryId}) DESC, p.featured DESC, p.rating DESC, p.id DESC`,
    limit: SIMILAR_PRODUCTS,
  });
  return rows.map(toApiProduct);
}
