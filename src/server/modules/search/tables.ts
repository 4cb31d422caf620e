import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The catalogue's vocabulary (every distinct word of products.search_text with the number of
 * products using it), kept in step with every catalogue change by search-index.ts. Search corrects
 * each query word against it with a trigram index before it touches products, so a typo costs one
 * small lookup.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    docCount: integer('doc_count').notNull().default(0),
    // Products whose name holds the word: search walks a name bucket in listing order only when
    // it is expected to hold many (docs/decisions/0058-search-bounded-by-the-page.md).
    nameCount: integer('name_count').notNull().default(0),
  },
  (table) => [index('search_terms_trgm_idx').using('gin', sql`${table.term} gin_trgm_ops`)],
);
