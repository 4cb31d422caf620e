// Search's index kept in step with the catalogue: each product's search_text (the database derives
// search_vector from it) and the vocabulary of its words (search_terms) that typo correction reads.
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { categories, products, searchTerms } from './tables';

/** search_text as the catalogue writes it: lower-cased name, tags, category name and description (schema.ts). */
const searchTextSql = sql`lower(concat_ws(' ', ${products.name}, array_to_string(${products.tags}, ' '), ${categories.name}, ${products.description}))`;

/** Which words of search_text the catalogue knows, straight from the full-text vectors. */
export async function rebuildSearchTerms(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(searchTerms);
    await tx.execute(sql`
      INSERT INTO search_terms (term, doc_count)
      SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM products WHERE NOT archived')`);
    // A name's words are words of its search_text, so every one already has its row.
    await tx.execute(sql`
      UPDATE search_terms SET name_count = named.ndoc
      FROM ts_stat('SELECT name_vector FROM products WHERE NOT archived') AS named
      WHERE search_terms.term = named.word`);
  });
}

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
  const oldText = counted && before ? before.searchText : '';
  const newText = after && !after.archived ? after.searchText : '';
  const oldName = counted ? previous.name : '';
  const newName = after && !after.archived ? after.name : '';
  if (oldText === newText && oldName === newName) return;
  const oldTerms = sql`select unnest(tsvector_to_array(to_tsvector('simple', ${oldText}::text)))`;
  const newTerms = sql`select unnest(tsvector_to_array(to_tsvector('simple', ${newText}::text)))`;
  await tx.execute(sql`
    INSERT INTO search_terms (term, doc_count)
    SELECT term, 1 FROM (${newTerms} EXCEPT ${oldTerms}) AS added(term)
    ON CONFLICT (term) DO UPDATE SET doc_count = search_terms.doc_count + 1`);
  await tx.execute(sql`
    UPDATE search_terms SET doc_count = doc_count - 1
    WHERE term IN (${oldTerms} EXCEPT ${newTerms})`);
  await tx.execute(sql`DELETE FROM search_terms WHERE doc_count <= 0`);
  // The name's words are counted apart (name_count); each is a word of search_text too.
  const oldNamed = sql`select unnest(tsvector_to_array(to_tsvector('simple', ${oldName}::text)))`;
  const newNamed = sql`select unnest(tsvector_to_array(to_tsvector('simple', ${newName}::text)))`;
  await tx.execute(sql`
    UPDATE search_terms SET name_count = name_count + 1 WHERE term IN (${newNamed} EXCEPT ${oldNamed})`);
  await tx.execute(sql`
    UPDATE search_terms SET name_count = greatest(0, name_count - 1) WHERE term IN (${oldNamed} EXCEPT ${newNamed})`);
}

/**
 * Readies the index of a catalogue loaded without the service (the seed, a restore): fills any
 * missing search_text, builds the vocabulary when it is empty and gathers planner statistics after
 * a bulk load. Cheap when nothing is missing.
 */
export async function prepareSearchIndex(db: Db): Promise<void> {
  const backfilled = await db.execute(sql`
    UPDATE ${products} SET search_text = ${searchTextSql}
    FROM ${categories} WHERE ${categories.id} = ${products.categoryId} AND ${products.searchText} = ''
    RETURNING ${products.id}`);
  const [known] = await db.select({ term: searchTerms.term }).from(searchTerms).limit(1);
  const rebuilt = rowsOf(backfilled).length > 0 || !known;
  if (rebuilt) await rebuildSearchTerms(db);
  // PGlite has no autovacuum: after a bulk load the planner has no statistics and misjudges
  // every filter, and index-only scans are impossible until the visibility map is set.
  const [stats] = rowsOf<{ analysed: boolean }>(
    await db.execute(sql`select reltuples >= 0 as analysed from pg_class where oid = 'products'::regclass`),
  );
  if (rebuilt || !stats?.analysed) {
    await db.execute(sql`VACUUM (ANALYZE) products`);
    await db.execute(sql`ANALYZE categories, collection_products, search_terms`);
  }
}
