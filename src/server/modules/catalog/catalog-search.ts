// A search's matches (DESIGN 4): the query's words corrected against the catalogue's vocabulary,
// the products that match them, and those matches ranked or sorted in memory.
import { type SQL, sql } from 'drizzle-orm';
import type { ProductSort, SortOrder } from '../../../shared/api/catalog';
import { asJsonRows, executePrepared, fromJsonRows } from '../../db/client';
import { searchTerms } from '../../db/schema';
import type { CatalogReader } from './catalog-rows';
import {
  type CorrectedWord,
  correctedPhrase,
  correctWords,
  MAX_TERMS_PER_WORD,
  queryWords,
} from './search-query';
import { createVocabulary, trigramSimilarity, trigramsOf, type Vocabulary, wordsOf } from './vocabulary';

/**
 * A search's matches are ranked in memory when there are at most this many; a broader search
 * (a word most products share) is ordered by the database's indexes instead, where ranking adds
 * little and would cost a pass over most of the catalogue.
 */
const RANKED_MATCHES_LIMIT = 20_000;

/** What ranking and sorting of search matches need of each product. */
type Match = {
  id: number;
  name: string;
  featured: boolean;
  pricePaise: number;
  rating: number;
  createdAt: number;
};

/**
 * A search's matches, with its sorted orders worked out once and kept with it. A broad search
 * keeps no matches: the database orders it.
 */
type MatchSet = { matches: Match[]; broad: boolean; orders: Map<string, number[]> };

function vocabulary({ db, cache }: CatalogReader): Promise<Vocabulary> {
  return cache.remember('vocabulary', async () => {
    const rows = await db
      .select({ term: searchTerms.term, docCount: searchTerms.docCount })
      .from(searchTerms);
    return createVocabulary(rows);
  });
}

/** The catalogue words each query word may mean (null: no search; [] when nothing is close). */
export async function correctSearch(
  reader: CatalogReader,
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

/** The products matching `where` (cached under `key`), or a broad set when there are too many to rank. */
export function matchSet({ db, cache }: CatalogReader, where: SQL, key: string): Promise<MatchSet> {
  return cache.remember(`matches:${key}`, async () => {
    const [result] = await executePrepared<{ rows: string }>(
      db,
      asJsonRows(sql`
        SELECT p.id, p.name, p.featured, p.price_paise AS "pricePaise", p.rating,
          (extract(epoch FROM p.created_at) * 1000)::float8 AS "createdAt"
        FROM products p WHERE ${where} LIMIT ${RANKED_MATCHES_LIMIT + 1}`),
    );
    const matches = fromJsonRows<Match>(result);
    const broad = matches.length > RANKED_MATCHES_LIMIT;
    return { matches: broad ? [] : matches, broad, orders: new Map() };
  });
}

/** Ids of a (not broad) match set in the order asked for, worked out once per order. */
export function orderedMatchIds(
  set: MatchSet,
  words: CorrectedWord[],
  sort: ProductSort,
  order: SortOrder,
): number[] {
  const orderKey = `${sort}:${order}`;
  let ids = set.orders.get(orderKey);
  if (!ids) {
    const sorted =
      sort === 'relevance'
        ? rankMatches(set.matches, words)
        : [...set.matches].sort(compareMatches(sort, order));
    ids = sorted.map((match) => match.id);
    set.orders.set(orderKey, ids);
  }
  return ids;
}

/** The same orders as the listing's ORDER BY (catalog-reads.ts), for matches sorted in memory. */
function compareMatches(sort: Exclude<ProductSort, 'relevance'>, order: SortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  const key = (match: Match): number => {
    switch (sort) {
      case 'featured':
        return Number(match.featured);
      case 'id':
        return match.id;
      case 'created_at':
        return match.createdAt;
      case 'price':
        return match.pricePaise;
      case 'rating':
        return match.rating;
    }
  };
  return (a: Match, b: Match) => sign * (key(a) - key(b) || a.id - b.id);
}

/**
 * Best match first: products whose name holds every word, then those holding each word's likeliest
 * meaning ('orgaanic' is organic before organiser), then names closest to the corrected query,
 * then featured and newest.
 */
function rankMatches(matches: readonly Match[], words: CorrectedWord[]): Match[] {
  const known = words.filter((word) => word.terms.length > 0);
  const groups = known.map((word) => new Set(word.terms));
  const best = known.map((word) => word.best);
  const phrase = trigramsOf(correctedPhrase(words));
  const scored = matches.map((match) => {
    const nameWords = new Set(wordsOf(match.name));
    const hits = groups.filter((group) => [...group].some((term) => nameWords.has(term))).length;
    const bestHits = best.filter((term) => term !== null && nameWords.has(term)).length;
    return { match, hits, bestHits, similarity: trigramSimilarity(trigramsOf(match.name), phrase) };
  });
  scored.sort(
    (a, b) =>
      b.hits - a.hits ||
      b.bestHits - a.bestHits ||
      b.similarity - a.similarity ||
      Number(b.match.featured) - Number(a.match.featured) ||
      b.match.id - a.match.id,
  );
  return scored.map((entry) => entry.match);
}
