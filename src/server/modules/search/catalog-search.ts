// A search's matches (DESIGN 4): the query's words corrected against the catalogue's vocabulary,
// then a page of the products that match them, ranked in buckets whose work is bounded by the page
// (docs/decisions/0058-search-bounded-by-the-page.md).
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import type { BucketRule } from './search-postings';
import {
  type CorrectedWord,
  correctWords,
  MAX_TERMS_PER_WORD,
  queryWords,
  termGroups,
  tsqueryOfGroups,
} from './search-query';
import { searchTerms } from './tables';
import { createVocabulary, type Vocabulary } from './vocabulary';

/**
 * What search reads with: the database and the catalogue's cache of figures, which keeps the
 * vocabulary, counts and totals until the catalogue changes (catalog-cache.ts).
 */
export type SearchReader = {
  db: Db;
  cache: { remember<T>(key: string, load: () => Promise<T>): Promise<T> };
};

function vocabulary({ db, cache }: SearchReader): Promise<Vocabulary> {
  return cache.remember('vocabulary', async () => {
    const rows = await db
      .select({ term: searchTerms.term, docCount: searchTerms.docCount, nameCount: searchTerms.nameCount })
      .from(searchTerms);
    return createVocabulary(rows);
  });
}

/** The catalogue words each query word may mean (null: no search; [] when nothing is close). */
export async function correctSearch(
  reader: SearchReader,
  search: string | undefined,
): Promise<CorrectedWord[] | null> {
  if (search === undefined) return null;
  const words = queryWords(search);
  if (words.length === 0) return null;
  const known = await vocabulary(reader);
  const corrected = correctWords(
    words,
    words.flatMap((word) => known.candidates(word)),
  );
  // Swapped letters defeat trigrams ('dyia', 'godoie'): a word within the allowed edits is the
  // likeliest meaning, ahead of words that merely share trigrams. A word being typed keeps its
  // completions first ('choc' → chocolate), and a word the catalogue has is kept as it is.
  return corrected.map((entry) => {
    if (entry.terms.includes(entry.word)) return entry;
    const near = known.nearestByEdits(entry.word);
    if (near.length === 0) return entry;
    const completions = entry.terms.filter((term) => term.startsWith(entry.word));
    const terms = [...new Set([...completions, ...near, ...entry.terms])].slice(0, MAX_TERMS_PER_WORD);
    return { word: entry.word, terms, best: terms[0] ?? null };
  });
}

/**
 * A search's total is counted up to this many; past it the answer says "1,000+" (`totalCapped`),
 * so a word most products share costs a bounded count: counting to 10,000 took 22 ms on PGlite at
 * 1,00,000 products, to 1,000 about a tenth of it (decision 0058).
 */
export const SEARCH_COUNT_CAP = 1_000;

/** One ranking bucket: what it asks of a product, its SQL, and how many are expected to meet it. */
export type SearchBucket = {
  rule: BucketRule;
  /** The rule as a condition on `products p` (conditionOf). */
  condition: SQL;
  /**
   * Products expected to meet it with no filter, from the vocabulary's exact counts of products
   * per word, taking the words as independent (as the planner does): a guess for several words,
   * which `rankedIds` never trusts alone.
   */
  expected: number;
  /** At least this many products meet it with no filter (0 when unknown). */
  atLeast: number;
};

/** The SQL of a bucket's rule: what the search postings answer in memory (search-postings.ts). */
function conditionOf(rule: BucketRule): SQL {
  if (rule.kind === 'name-is') {
    const terms = [...new Set(rule.terms)].map((term) => `"${term.replaceAll(/["\\]/g, '\\$&')}"`);
    return sql`p.name_vector = array_to_tsvector(${`{${terms.join(',')}}`}::text[])`;
  }
  const vector = sql.raw(rule.field === 'name' ? 'p.name_vector' : 'p.search_vector');
  return sql`${vector} @@ ${tsqueryOfGroups(rule.groups, rule.mode) ?? ''}::tsquery`;
}

/** Products whose text holds the words (every word, or any); null when no word is known. */
export function textRuleOf(words: CorrectedWord[], mode: 'all' | 'any'): BucketRule | null {
  const groups = termGroups(words);
  return groups.length === 0 ? null : { kind: 'holds', field: 'text', groups, mode };
}

/** textRuleOf as a condition on `products p`. */
export function textMatchSql(words: CorrectedWord[], mode: 'all' | 'any'): SQL | null {
  const rule = textRuleOf(words, mode);
  return rule && conditionOf(rule);
}

/** Visible products: what the expected sizes of buckets are shares of. */
function visibleProducts({ db, cache }: SearchReader): Promise<number> {
  return cache.remember('visible-products', async () => {
    const [row] = await executePrepared<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM products WHERE NOT archived`,
    );
    return Number(row?.n ?? 0);
  });
}

/**
 * The ranking buckets of a search, best first (decision 0058): the name is every word's likeliest
 * meaning and nothing else ('Chocolate Bouquet' for 'chocolat bouqet'), the name holds every word's
 * likeliest meaning, the name holds every word in one of its meanings (a typo's other readings),
 * the same two anywhere in the product's text, then the text holds some of the words. A product
 * is placed in the first bucket it meets, and meets every later bucket too. Empty when no word is
 * known.
 */
export async function searchBuckets(reader: SearchReader, words: CorrectedWord[]): Promise<SearchBucket[]> {
  const groups = termGroups(words);
  if (groups.length === 0) return [];
  const [known, total] = await Promise.all([vocabulary(reader), visibleProducts(reader)]);
  const catalogue = Math.max(1, total);
  const bestTerms = groups.map((terms) => terms[0] as string);
  const countOf = (terms: string[], of: 'docCount' | 'nameCount' = 'docCount') =>
    Math.min(
      catalogue,
      terms.reduce((sum, term) => sum + known[of](term), 0),
    );
  const together = (counts: number[]) =>
    counts.reduce((expected, count) => (expected * count) / catalogue, catalogue);
  const expectedOf = (of: 'docCount' | 'nameCount') => ({
    best: together(bestTerms.map((term) => countOf([term], of))),
    all: together(groups.map((terms) => countOf(terms, of))),
  });
  const inText = expectedOf('docCount');
  const inName = expectedOf('nameCount');
  const someTerms = [...new Set(groups.flat())];
  const someAtLeast = Math.max(...someTerms.map((term) => known.docCount(term)));
  const single = groups.length === 1;
  const holds = (
    field: 'name' | 'text',
    ruleGroups: string[][],
    mode: 'all' | 'any',
    expected: number,
    atLeast = 0,
  ) => ({ field, groups: ruleGroups, mode, expected, atLeast });
  const best = bestTerms.map((term) => [term]);
  const rules: (Omit<SearchBucket, 'condition'> & { key: string })[] = [
    {
      key: `is:${bestTerms.join(' ')}`,
      rule: { kind: 'name-is', terms: bestTerms },
      expected: 0,
      atLeast: 0,
    },
    ...[
      holds('name', best, 'all', inName.best),
      holds('name', groups, 'all', inName.all),
      holds('text', best, 'all', inText.best, single ? known.docCount(bestTerms[0] as string) : 0),
      holds('text', groups, 'all', inText.all, single ? someAtLeast : 0),
      holds('text', groups, 'any', countOf(someTerms), someAtLeast),
    ].map(({ field, groups: ruleGroups, mode, expected, atLeast }) => ({
      key: `${field}:${tsqueryOfGroups(ruleGroups, mode)}`,
      rule: { kind: 'holds' as const, field, groups: ruleGroups, mode },
      expected,
      atLeast,
    })),
  ];
  return rules
    .filter((entry, index) => rules.findIndex((other) => other.key === entry.key) === index)
    .map(({ rule, expected, atLeast }) => ({ rule, condition: conditionOf(rule), expected, atLeast }));
}

/**
 * A bucket expected to hold this many products or more is read in listing order (featured first,
 * then newest) until the page is full: at a share of 2 % or more, about 50 rows a product shown.
 */
const WALKED_FROM = 2_000;

/**
 * How far a bucket is walked in listing order before it is read through its full-text index
 * instead: the words were expected together often and are not (decision 0058).
 */
const walkOf = (need: number) => Math.max(3_000, need * 60);

type RankedRow = { id: number; featured: boolean; bucket: number };

/**
 * The ids of a relevance page, in bucket order and within a bucket featured first, then newest;
 * a product is placed in the first bucket it meets. The work is bounded by the page (and by the
 * rare buckets' index lists), never by the matches (decision 0058):
 *
 * - A bucket expected to be large is walked in listing order, stopping when the page is full, and
 *   at most `walkOf(need)` rows: the planner, which takes words as independent too, would walk the
 *   whole listing index for two common words that are never together ('hampr printed': 100,000
 *   rows, 371 ms on PGlite at 1,00,000 products).
 * - The buckets expected to be small are read whole in one scan of the full-text index of the
 *   widest of them (every earlier bucket's product meets it), each product placed in the first
 *   bucket it meets. A large bucket whose walk ended short is read so too.
 *
 * No bucket is told to leave out the earlier buckets' products (the planner would misjudge that
 * too): a bucket's first `need` rows are enough, since at most the earlier ones repeat.
 */
export async function rankedIds(
  { db }: SearchReader,
  filters: SQL,
  buckets: SearchBucket[],
  need: number,
): Promise<number[]> {
  const condition = (index: number) => (buckets[index] as SearchBucket).condition;
  /** Up to `need` products of each of `among` (bucket indexes), read whole. */
  const readWhole = (among: number[]) => {
    // Every bucket's products meet each later one, so the last of them holds them all, and a row
    // outside it is checked once instead of once per bucket.
    const widest = condition(Math.max(...among));
    return sql`SELECT id, featured, bucket FROM (
      SELECT m.id, m.featured, m.bucket,
        row_number() OVER (PARTITION BY m.bucket ORDER BY m.featured DESC, m.id DESC) AS place
      FROM (SELECT p.id, p.featured, CASE ${sql.join(
        among.map((index) => sql`WHEN ${condition(index)} THEN ${index}::int`),
        sql` `,
      )} END AS bucket FROM products p WHERE ${filters} AND ${widest}) m
    ) placed WHERE bucket IS NOT NULL AND place <= ${need}`;
  };
  const walk = (index: number) => sql`SELECT id, featured, ${index}::int AS bucket FROM (
      SELECT p.id, p.featured, p.name_vector, p.search_vector FROM products p
      WHERE ${filters} ORDER BY p.featured DESC, p.id DESC LIMIT ${walkOf(need)}) p
    WHERE ${condition(index)} LIMIT ${need}`;

  const walked = [...buckets.keys()].filter(
    (index) => (buckets[index] as SearchBucket).expected >= WALKED_FROM,
  );
  const small = [...buckets.keys()].filter((index) => !walked.includes(index));
  const parts = [...(small.length > 0 ? [readWhole(small)] : []), ...walked.map(walk)];
  const rows = await executePrepared<RankedRow>(
    db,
    sql.join(
      parts.map((part) => sql`(${part})`),
      sql` UNION ALL `,
    ),
  );
  const ranked = rank(rows, need);
  if (ranked.length >= need) return ranked;
  // A walk that ended short may have stopped at its limit: those buckets are read whole.
  const found = new Map<number, number>();
  for (const row of rows) found.set(Number(row.bucket), (found.get(Number(row.bucket)) ?? 0) + 1);
  const short = walked.filter((index) => (found.get(index) ?? 0) < need);
  if (short.length === 0) return ranked;
  const again = await executePrepared<RankedRow>(db, readWhole(short));
  const reread = new Set(short);
  return rank([...rows.filter((row) => !reread.has(Number(row.bucket))), ...again], need);
}

function rank(rows: readonly RankedRow[], need: number): number[] {
  const placed = new Map<number, RankedRow>();
  for (const row of rows) {
    const entry = { id: Number(row.id), featured: Boolean(row.featured), bucket: Number(row.bucket) };
    const before = placed.get(entry.id);
    if (!before || entry.bucket < before.bucket) placed.set(entry.id, entry);
  }
  return [...placed.values()]
    .sort((a, b) => a.bucket - b.bucket || Number(b.featured) - Number(a.featured) || b.id - a.id)
    .slice(0, need)
    .map((row) => row.id);
}

/** How many products match `where`, counted up to SEARCH_COUNT_CAP + 1 (cached under `key`). */
export function cappedCount({ db, cache }: SearchReader, where: SQL, key: string): Promise<number> {
  return cache.remember(`capped-total:${key}`, async () => {
    const [row] = await executePrepared<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1}) matched`,
    );
    return Number(row?.n ?? 0);
  });
}
