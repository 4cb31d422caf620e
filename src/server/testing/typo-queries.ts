// Searches as a shopper who remembers one product types them: two words of its name, one of them
// misspelt. Used by `npm run bench -- --crowd` (thousands of distinct searches) and by the search
// quality tests, which check that the product the words came from comes first.
import { editDistance, FILLER_WORDS, wordsOf } from '../modules/search';

export type TypoQuery = { search: string; productId: number };

/** A typo a shopper makes in a word of five letters or more: a letter left out, two swapped, one doubled. */
export function misspell(word: string, kind: number): string {
  const middle = Math.floor(word.length / 2);
  switch (kind % 3) {
    case 0:
      return word.slice(0, middle) + word.slice(middle + 1);
    case 1:
      return word.slice(0, middle - 1) + word[middle] + word[middle - 1] + word.slice(middle + 1);
    default:
      return word.slice(0, middle) + word[middle] + word.slice(middle);
  }
}

/** Words that name no product: fillers search ignores ('and', 'of') and the seed's 'Design N'. */
const NOT_NAMING = new Set([...FILLER_WORDS, 'design']);

const isTypoWord = (word: string) => word.length >= 5 && /^\p{L}+$/u.test(word);

/**
 * Up to `count` queries from products spread over the list: for each, two words of its name that
 * no other product's name holds together (the design number when two words are not enough), with
 * the first word of five letters or more misspelt.
 */
export function typoQueries(named: readonly { id: number; name: string }[], count: number): TypoQuery[] {
  const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
  const productWords = named.map((product) => [...new Set(wordsOf(product.name))]);
  const pairs = new Map<string, number>();
  for (const words of productWords)
    for (let i = 0; i < words.length; i += 1)
      for (let j = i + 1; j < words.length; j += 1) {
        const key = pairKey(words[i] as string, words[j] as string);
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }

  const vocabulary = [...new Set(productWords.flat())];
  const queries: TypoQuery[] = [];
  const step = Math.max(1, Math.floor(named.length / count));
  // Products spread over the list first, then the ones between them, until there are enough.
  for (let offset = 0; offset < step && queries.length < count; offset += 1) {
    for (let index = offset; index < named.length && queries.length < count; index += step) {
      const words = productWords[index] as string[];
      const product = named[index] as { id: number; name: string };
      const pair = uniquePair(words, (a, b) => pairs.get(pairKey(a, b)) === 1);
      if (!pair) continue;
      const [typo, other] = pair;
      const misspelt = unambiguousTypo(typo, queries.length, vocabulary);
      if (misspelt) queries.push({ search: `${misspelt} ${other}`, productId: product.id });
    }
  }
  return queries;
}

/**
 * A typo that still means the word: one of the three kinds, starting at `kind`, whose result is
 * not another word of the names nor as close to one ('carved' → 'cared' is nearer 'card').
 */
function unambiguousTypo(word: string, kind: number, vocabulary: readonly string[]): string | null {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const typo = misspell(word, kind + attempt);
    const distance = editDistance(typo, word);
    const rival = vocabulary.some(
      (other) =>
        other !== word &&
        Math.abs(other.length - typo.length) <= distance &&
        editDistance(typo, other) <= distance,
    );
    if (!rival) return typo;
  }
  return null;
}

/** Two words (the first one to misspell) that only this product's name holds; letters before digits. */
function uniquePair(words: string[], unique: (a: string, b: string) => boolean): [string, string] | null {
  const ranked = [...words].sort((a, b) => Number(/\d/.test(a)) - Number(/\d/.test(b)));
  for (const typo of words.filter(isTypoWord))
    for (const other of ranked)
      if (other !== typo && !NOT_NAMING.has(other) && unique(typo, other)) return [typo, other];
  return null;
}

const isNamingWord = (word: string) => word.length >= 3 && /^\p{L}+$/u.test(word) && !NOT_NAMING.has(word);

/**
 * Searches a shopper types from what they half remember of two gifts ('retrun gifts'): a misspelt
 * word of one product's name and a word of another product's name. Such a pair matches thousands
 * of products, where `typoQueries` matches a few (decision 0058 measures both).
 */
export function crossQueries(named: readonly { id: number; name: string }[], count: number): string[] {
  const productWords = named.map((product) => [...new Set(wordsOf(product.name))]);
  const vocabulary = [...new Set(productWords.flat())];
  const queries = new Set<string>();
  const step = Math.max(1, Math.floor(named.length / count));
  for (let offset = 0; offset < step && queries.size < count; offset += 1) {
    for (let index = offset; index < named.length && queries.size < count; index += step) {
      const own = (productWords[index] as string[])
        .filter(isTypoWord)
        .filter((word) => !NOT_NAMING.has(word));
      const other = (
        productWords[(index + Math.floor(named.length / 2) + 1) % named.length] as string[]
      ).filter(isNamingWord);
      const typoWord = own[queries.size % Math.max(1, own.length)];
      const otherWord = other.find((word) => word !== typoWord);
      if (!typoWord || !otherWord) continue;
      const misspelt = unambiguousTypo(typoWord, queries.size, vocabulary);
      if (misspelt) queries.add(`${misspelt} ${otherWord}`);
    }
  }
  return [...queries];
}

/**
 * The words most product names share, most shared first ('gift', 'return', 'hamper' among them): a
 * search for one of them matches a large part of the catalogue.
 */
export function commonWords(named: readonly { name: string }[], count: number): string[] {
  const names = new Map<string, number>();
  for (const product of named)
    for (const word of new Set(wordsOf(product.name)))
      if (isNamingWord(word)) names.set(word, (names.get(word) ?? 0) + 1);
  return [...names]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([word]) => word);
}
