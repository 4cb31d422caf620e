import { describe, expect, it } from 'vitest';
import { correctWords, editDistance, queryWords, tsqueryOf } from './search-query';
import { createVocabulary, trigramSimilarity } from './vocabulary';

describe('query words', () => {
  it('keeps letters and digits, drops punctuation, emoji, repeats and filler words', () => {
    expect(queryWords(`"Brass" DIYA's for Diwali!! 🎁 diya 100%`)).toEqual([
      'brass',
      'diya',
      's',
      'diwali',
      '100',
    ]);
    expect(queryWords('for the')).toEqual(['for', 'the']);
    expect(queryWords('%_%')).toEqual([]);
    expect(queryWords('राखी थाली')).toEqual(['राखी', 'थाली']);
  });

  it('uses at most six words', () => {
    expect(queryWords('one two three four five six seven eight')).toHaveLength(6);
  });
});

describe('trigram similarity', () => {
  it('matches pg_trgm', () => {
    // SELECT similarity('chocolat', 'chocolate') = 0.72727275, similarity('bouqet', 'bouquet') = 0.5
    expect(trigramSimilarity('chocolat', 'chocolate')).toBeCloseTo(0.727272, 5);
    expect(trigramSimilarity('bouqet', 'bouquet')).toBe(0.5);
    expect(trigramSimilarity('diya', 'diya')).toBe(1);
    expect(trigramSimilarity('', 'diya')).toBe(0);
  });
});

describe('edit distance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('dyia', 'diya')).toBe(1);
    expect(editDistance('chocolte', 'chocolate')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('answers one past the limit once the words are further apart than it', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('chocolte', 'chocolate', 2)).toBe(1);
    expect(editDistance('dyia', 'diya', 0)).toBe(1);
    expect(editDistance('', 'diya', 2)).toBe(3);
  });
});

describe('correcting words against the vocabulary', () => {
  const vocabulary = createVocabulary([
    { term: 'chocolate', docCount: 40 },
    { term: 'chocolates', docCount: 30 },
    { term: 'bouquet', docCount: 20 },
    { term: 'bouquets', docCount: 2 },
    { term: 'diya', docCount: 50 },
    { term: 'diyas', docCount: 5 },
    { term: 'brass', docCount: 12 },
  ]);
  const correct = (words: string[]) =>
    correctWords(
      words,
      words.flatMap((word) => vocabulary.candidates(word)),
    );

  it('replaces misspelt words with the closest catalogue words', () => {
    const [chocolate, bouquet] = correct(['chocolat', 'bouqet']);
    expect(chocolate?.best).toBe('chocolate');
    expect(chocolate?.terms).toContain('chocolates');
    expect(bouquet?.best).toBe('bouquet');
  });

  it('keeps a known word first and adds its close forms', () => {
    expect(correct(['diya'])[0]?.terms).toEqual(['diya', 'diyas']);
  });

  it('completes a word being typed', () => {
    expect(correct(['choc'])[0]?.terms).toEqual(['chocolate', 'chocolates']);
  });

  it('finds nothing for a word unlike any other, and edits catch swapped letters', () => {
    expect(correct(['xylophone'])[0]?.terms).toEqual([]);
    expect(correct(['dyia'])[0]?.terms).toEqual([]);
    expect(vocabulary.nearestByEdits('dyia')).toEqual(['diya']);
  });

  it('offers every word at the fewest edits, the most used first', () => {
    const words = createVocabulary([
      { term: 'gift', docCount: 10 },
      { term: 'girl', docCount: 90 },
      { term: 'gilt', docCount: 30 },
      { term: 'lift', docCount: 99 },
    ]);
    expect(words.nearestByEdits('gixt')).toEqual(['gilt', 'gift']);
    expect(words.nearestByEdits('gitf')).toEqual(['gift']);
    expect(words.nearestByEdits('zzzz')).toEqual([]);
  });

  it('builds a tsquery where each word must match one of its terms, quoted', () => {
    expect(tsqueryOf(correct(['chocolat', 'bouqet']), 'all')).toBe(
      "('chocolate' | 'chocolates') & ('bouquet' | 'bouquets')",
    );
    expect(tsqueryOf(correct(['brass', 'diya']), 'any')).toBe("('brass') | ('diya' | 'diyas')");
    expect(tsqueryOf(correct(['xylophone']), 'all')).toBeNull();
  });
});
