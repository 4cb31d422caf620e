import { allowedEdits, editDistance, type TermCandidate } from './search-query';

// The catalogue's vocabulary (search_terms) held in memory for typo correction. A trigram lookup
// here takes microseconds; the same lookup in SQL compared every term with similarity() and cost
// tens of milliseconds on the embedded engine (EXPLAIN showed a sequential scan: the table is too
// small for the planner to prefer its index). Trigrams follow pg_trgm: each word padded with two
// spaces before and one after, similarity = shared / (all distinct of both).

/** The words of a text as search sees them: lower-case runs of letters, marks and digits. */
export const wordsOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);

export function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of wordsOf(text)) {
    const chars = [...`  ${word} `];
    for (let index = 0; index + 3 <= chars.length; index += 1)
      grams.add(`${chars[index]}${chars[index + 1]}${chars[index + 2]}`);
  }
  return grams;
}

/** pg_trgm's similarity(a, b). */
export function trigramSimilarity(a: string | Set<string>, b: string | Set<string>): number {
  const left = typeof a === 'string' ? trigramsOf(a) : a;
  const right = typeof b === 'string' ? trigramsOf(b) : b;
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

type VocabularyTerm = { term: string; docCount: number; nameCount?: number };

export type Vocabulary = {
  size: number;
  /** How many visible products' text holds the term (0 when none). */
  docCount(term: string): number;
  /** How many visible products' name holds the term (0 when none). */
  nameCount(term: string): number;
  /** Terms close to the word by trigrams (similarity ≥ 0.3) or starting with it, best first. */
  candidates(word: string, limit?: number): TermCandidate[];
  /** For a word trigrams cannot place (swapped letters): the nearest terms by edits. */
  nearestByEdits(word: string): string[];
};

const TRIGRAM_THRESHOLD = 0.3;

/** A term with its place in the vocabulary and its length in characters, worked out once. */
type IndexedTerm = VocabularyTerm & { index: number; length: number };

/** The position of the first term not before `word` in terms sorted by code units. */
function firstNotBefore(sorted: readonly IndexedTerm[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as IndexedTerm).term < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createVocabulary(terms: readonly VocabularyTerm[]): Vocabulary {
  const grams = terms.map((entry) => trigramsOf(entry.term));
  const indexed: IndexedTerm[] = terms.map((entry, index) => ({
    ...entry,
    index,
    length: [...entry.term].length,
  }));
  // A search corrects each of its words against these on every request (DESIGN 4), so the terms a
  // word can be compared with are found without a pass over the whole vocabulary: those sharing
  // its beginning (completions), and those sharing its first letter (edits).
  const byCodeUnits = [...indexed].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const byFirstLetter = new Map<string, IndexedTerm[]>();
  for (const entry of indexed) {
    const first = entry.term[0] ?? '';
    const list = byFirstLetter.get(first);
    if (list) list.push(entry);
    else byFirstLetter.set(first, [entry]);
  }
  const byGram = new Map<string, number[]>();
  grams.forEach((set, index) => {
    for (const gram of set) {
      const list = byGram.get(gram);
      if (list) list.push(index);
      else byGram.set(gram, [index]);
    }
  });

  const counts = new Map(terms.map((entry) => [entry.term, entry]));
  return {
    size: terms.length,
    docCount: (term) => counts.get(term)?.docCount ?? 0,
    nameCount: (term) => counts.get(term)?.nameCount ?? 0,
    candidates(word, limit = 8) {
      const wordGrams = trigramsOf(word);
      const shared = new Map<number, number>();
      for (const gram of wordGrams) {
        for (const index of byGram.get(gram) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1);
      }
      const found = new Map<number, number>();
      for (const [index, count] of shared) {
        const similarity = count / (wordGrams.size + (grams[index]?.size ?? 0) - count);
        if (similarity >= TRIGRAM_THRESHOLD) found.set(index, similarity);
      }
      if ([...word].length >= 3) {
        for (let at = firstNotBefore(byCodeUnits, word); at < byCodeUnits.length; at += 1) {
          const { term, index } = byCodeUnits[at] as IndexedTerm;
          if (!term.startsWith(word)) break;
          if (!found.has(index)) found.set(index, trigramSimilarity(wordGrams, grams[index] ?? new Set()));
        }
      }
      return [...found]
        .map(([index, similarity]) => {
          const entry = terms[index] as VocabularyTerm;
          return { word, term: entry.term, similarity, docCount: entry.docCount };
        })
        .sort(
          (a, b) =>
            Number(b.term === word) - Number(a.term === word) ||
            b.similarity - a.similarity ||
            b.docCount - a.docCount ||
            a.term.localeCompare(b.term),
        )
        .slice(0, limit);
    },
    nearestByEdits(word) {
      const limit = allowedEdits(word);
      if (limit === 0) return [];
      const length = [...word].length;
      let best = limit;
      let nearest: IndexedTerm[] = [];
      for (const entry of byFirstLetter.get(word[0] ?? '') ?? []) {
        if (Math.abs(entry.length - length) > limit) continue;
        const distance = editDistance(word, entry.term, best);
        if (distance < best) {
          best = distance;
          nearest = [entry];
        } else if (distance === best) nearest.push(entry);
      }
      return nearest
        .sort((a, b) => b.docCount - a.docCount || a.term.localeCompare(b.term))
        .map((entry) => entry.term);
    },
  };
}
