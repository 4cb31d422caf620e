// Each product's search_text (the database derives search_vector from it), written by the
// catalogue with every change to a product, and search's vocabulary told of the words that came
// and went (search-index.ts in the search module).
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { gatherVocabularyStatistics, prepareVocabulary, rebuildSearchTerms, recountWords } from '../search';
import { categories, products } from './tables';

/** search_text as the catalogue writes it: lower-cased name, tags, category name and description (schema.ts). */
const searchTextSql = sql`lower(concat_ws(' ', ${products.name}, array_to_string(${products.tags}, ' '), ${categories.name}, ${products.description}))`;

/** How a product stood before a change: its name and whether it was archived (null: a new one). */
export type IndexedBefore = { name: string; archived: boolean } | null;

/**
 * Writes search_text from the product's current fields and keeps the vocabulary in step. The
 * product's row is already changed, so the caller says how it stood before (its name and archive
 * flag); its search_text is still the one the vocabulary counted.
 */
export async function refreshSearchText(tx: Tx, productId: number, previous: IndexedBefore): Promise<void> {
  const [before] = await tx
    .select({ searchText: products.searchText })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  const [after] = await tx
    .update(products)
    .set({
      searchText: sql`(select ${searchTextSql} from ${categories} where ${categories.id} = ${products.categoryId})`,
    })
    .where(eq(products.id, productId))
    .returning({ searchText: products.searchText, name: products.name, archived: products.archived });
  const counted = previous !== null && !previous.archived;
  await recountWords(tx, {
    before: { text: counted && before ? before.searchText : '', name: counted ? previous.name : '' },
    after: {
      text: after && !after.archived ? after.searchText : '',
      name: after && !after.archived ? after.name : '',
    },
  });
}

/**
 * After a category is renamed: its products' search_text takes the new name, and the vocabulary is
 * counted again (the old name's words may have gone from every product).
 */
export async function refreshCategorySearchText(db: Db, categoryId: number): Promise<void> {
  await db.execute(sql`
    UPDATE ${products} SET search_text = ${searchTextSql}
    FROM ${categories} WHERE ${categories.id} = ${products.categoryId} AND ${products.categoryId} = ${categoryId}`);
  await rebuildSearchTerms(db);
}

/**
 * Readies the index of a catalogue loaded without the service (the seed, a restore): fills any
 * missing search_text, builds the vocabulary when it is empty and gathers planner statistics after
 * a bulk load, of the catalogue's tables and of those its listings and search read (collections'
 * products, search's vocabulary, each gathered by its owner). Cheap when nothing is missing.
 */
export async function prepareSearchIndex(
  db: Db,
  collections: { gatherStatistics(): Promise<void> },
): Promise<void> {
  const backfilled = await db.execute(sql`
    UPDATE ${products} SET search_text = ${searchTextSql}
    FROM ${categories} WHERE ${categories.id} = ${products.categoryId} AND ${products.searchText} = ''
    RETURNING ${products.id}`);
  const rebuilt = await prepareVocabulary(db, { textsWritten: rowsOf(backfilled).length > 0 });
  // PGlite has no autovacuum: after a bulk load the planner has no statistics and misjudges
  // every filter, and index-only scans are impossible until the visibility map is set.
  const [stats] = rowsOf<{ analysed: boolean }>(
    await db.execute(sql`select reltuples >= 0 as analysed from pg_class where oid = 'products'::regclass`),
  );
  if (rebuilt || !stats?.analysed) {
    await db.execute(sql`VACUUM (ANALYZE) ${products}`);
    await db.execute(sql`ANALYZE ${categories}`);
    await gatherVocabularyStatistics(db);
    await collections.gatherStatistics();
  }
}
