// Search's index kept in step with the catalogue: the vocabulary of the words of products'
// search_text (search_terms) that typo correction reads, with how many products and names hold
// each. The catalogue writes search_text (catalog/search-text.ts) and tells this of each change.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { searchTerms } from './tables';

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

/** The planner's statistics of the vocabulary, after a bulk load (PGlite has no autovacuum). */
export async function gatherVocabularyStatistics(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE ${searchTerms}`);
}

/** A product's text and name as the vocabulary counts them: both empty when it is not visible. */
export type CountedWords = { text: string; name: string };

/** Keeps the vocabulary in step with one product's change, from the words it had to those it has. */
export async function recountWords(
  tx: Tx,
  { before, after }: { before: CountedWords; after: CountedWords },
): Promise<void> {
  const { text: oldText, name: oldName } = before;
  const { text: newText, name: newName } = after;
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
 * Builds the vocabulary when it is empty or the catalogue has just written search_text it has not
 * counted (a catalogue loaded without the service); answers whether it did.
 */
export async function prepareVocabulary(
  db: Db,
  { textsWritten }: { textsWritten: boolean },
): Promise<boolean> {
  const [known] = await db.select({ term: searchTerms.term }).from(searchTerms).limit(1);
  const rebuild = textsWritten || !known;
  if (rebuild) await rebuildSearchTerms(db);
  return rebuild;
}
