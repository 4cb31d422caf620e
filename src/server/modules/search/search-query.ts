// DESIGN 4: search is typo-tolerant and ranked, and identical on PGlite and PostgreSQL. A query is
// cut into words here (in JS, so odd input such as quotes, %, emoji or 500 characters never
// reaches SQL as syntax); each word is then corrected against the catalogue's vocabulary
// (search_terms) and the corrected words become a tsquery over products.search_vector.

/** Words after the first few add nothing to a gift search and only cost time. */
const MAX_QUERY_WORDS = 6;
const MAX_WORD_LENGTH = 40;

/**
 * Words that say nothing about the gift ('gifts for kids'): dropped when the query has other
 * words, since requiring them would only hide good matches.
 */
export const FILLER_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/**
 * Lower-cased words of letters, combining marks and digits, in query order, without repeats.
 * Everything else (punctuation, quotes, %, emoji, symbols) separates words.
 */
export function queryWords(search: string): string[] {
  const words = search
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const unique = [...new Set(words)];
  const meaningful = unique.filter((word) => !FILLER_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : unique).slice(0, MAX_QUERY_WORDS);
}

/** A vocabulary term offered for a query word, with its trigram similarity to the word. */
export type TermCandidate = { word: string; term: string; similarity: number; docCount: number };

/** The catalogue words chosen for one query word (empty when nothing in the catalogue is close). */
export type CorrectedWord = { word: string; terms: string[]; best: string | null };

/** Below this a 'correction' is a different word, not a typo ('bouqet' → 'bouquet' is 0.5). */
const MIN_TYPO_SIMILARITY = 0.3;
/** With the exact word in the catalogue, only near forms (plurals, -ed) are added alongside it. */
const MIN_VARIANT_SIMILARITY = 0.5;
export const MAX_TERMS_PER_WORD = 4;

/**
 * Picks the terms each word may match: the word itself when the catalogue has it, close variants
 * (plurals), completions of a word being typed ('choc' → 'chocolate'), else the closest spellings.
 */
export function correctWords(words: string[], candidates: TermCandidate[]): CorrectedWord[] {
  return words.map((word) => {
    const offered = candidates
      .filter((candidate) => candidate.word === word)
      .sort((a, b) => b.similarity - a.similarity || b.docCount - a.docCount || a.term.localeCompare(b.term));
    const exact = offered.some((candidate) => candidate.term === word);
    const chosen = offered.filter((candidate) => {
      if (candidate.term === word) return true;
      const completes = word.length >= 3 && candidate.term.startsWith(word);
      if (exact) return candidate.similarity >= MIN_VARIANT_SIMILARITY;
      return completes || candidate.similarity >= MIN_TYPO_SIMILARITY;
    });
    const terms = [
      ...new Set([...(exact ? [word] : []), ...chosen.map((candidate) => candidate.term)]),
    ].slice(0, MAX_TERMS_PER_WORD);
    return { word, terms, best: terms[0] ?? null };
  });
}

/** The terms of each word the catalogue knows, in query order: what every tsquery is built of. */
export const termGroups = (words: readonly CorrectedWord[]): string[][] =>
  words.filter((word) => word.terms.length > 0).map((word) => word.terms);

/**
 * A tsquery in tsquery input syntax ('a' | 'b') & ('c'), read with `::tsquery` so that each term is
 * the catalogue's lexeme as it is (to_tsquery would parse 'return-gift' again into a phrase that
 * a name's stripped words never match; decision 0074). 'all': every group must match one of its
 * terms; 'any': one term of any group. Terms come from the vocabulary; each is still quoted so no
 * character can be read as an operator.
 */
export function tsqueryOfGroups(groups: readonly (readonly string[])[], mode: 'all' | 'any'): string | null {
  if (groups.length === 0) return null;
  return groups
    .map((terms) => `(${terms.map(quoteLexeme).join(' | ')})`)
    .join(mode === 'all' ? ' & ' : ' | ');
}

/** The tsquery of the words (tsqueryOfGroups of their terms). */
export function tsqueryOf(words: CorrectedWord[], mode: 'all' | 'any'): string | null {
  return tsqueryOfGroups(termGroups(words), mode);
}

const quoteLexeme = (term: string) => `'${term.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/**
 * Edits between two words, a swap of neighbours counting as one (optimal string alignment).
 * Trigrams miss swapped letters ('dyia' shares one trigram with 'diya'); this catches them. With a
 * `limit`, it stops as soon as the distance must exceed it and answers `limit + 1`: typo correction
 * compares a word with every catalogue word that starts alike, and only near ones matter.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  // Three rows of the table (this one and the two above it, which a swap reaches back to).
  let beforeAbove = new Array<number>(b.length + 1).fill(0);
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  let aboveLeast = 0;
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, beforeAbove[j - 2]! + 1);
      }
      row[j] = best;
      if (best < least) least = best;
    }
    // Every later cell adds to a cell of this row or the one above (a swap): past the limit in
    // both, the distance is too.
    if (least > limit && aboveLeast > limit) return limit + 1;
    aboveLeast = least;
    [beforeAbove, above, row] = [above, row, beforeAbove];
  }
  return Math.min(above[b.length]!, limit + 1);
}

/** One edit for short words, two from 7 letters ('chocolte' → 'chocolate'). */
export const allowedEdits = (word: string) => (word.length <= 3 ? 0 : word.length < 7 ? 1 : 2);
