import { describe, expect, it } from 'vitest';
import { categoryPath, collectionPath, idFromSlug, productPath, slugify, slugWithId } from './slug';

describe('slugWithId (SPEC 2)', () => {
  it('lower-cases the name and appends the id', () => {
    expect(slugWithId('Silver Diya Set', 42)).toBe('silver-diya-set-42');
  });

  it('removes punctuation', () => {
    expect(slugWithId("Kid's Party Favours!", 7)).toBe('kids-party-favours-7');
    expect(slugWithId('Rakhi & Sweets (Combo)', 8)).toBe('rakhi-sweets-combo-8');
  });

  it('collapses whitespace, underscores and hyphens into one hyphen', () => {
    expect(slugWithId('Brass  Pooja__Thali -- Large', 3)).toBe('brass-pooja-thali-large-3');
  });

  it('drops hyphens at either end of the name', () => {
    expect(slugify('  -- Gift Hamper --  ')).toBe('gift-hamper');
  });

  it('keeps Devanagari vowel signs, which are letters of the word', () => {
    expect(slugify('दीया सेट')).toBe('दीया-सेट');
  });

  it('falls back to the bare id when the name has nothing left', () => {
    expect(slugWithId('!!!', 12)).toBe('12');
  });
});

describe('idFromSlug (SPEC 2)', () => {
  it('reads the digits after the last hyphen', () => {
    expect(idFromSlug('silver-diya-set-42')).toBe(42);
  });

  it('reads a slug that is only an id', () => {
    expect(idFromSlug('12')).toBe(12);
  });

  it('refuses a non-numeric tail', () => {
    expect(idFromSlug('silver-diya-set')).toBeNull();
    expect(idFromSlug('silver-diya-set-42a')).toBeNull();
    expect(idFromSlug('silver-diya-set-4.2')).toBeNull();
  });

  it('refuses a missing, empty or zero id', () => {
    expect(idFromSlug(undefined)).toBeNull();
    expect(idFromSlug('')).toBeNull();
    expect(idFromSlug('gift-')).toBeNull();
    expect(idFromSlug('gift-0')).toBeNull();
  });

  it('reads back the id of any slug it wrote', () => {
    expect(idFromSlug(slugWithId('Wedding Favours - 2024 Edition', 517))).toBe(517);
  });
});

describe('page paths', () => {
  it('builds product, collection and category paths of the route table', () => {
    expect(productPath({ id: 42, name: 'Silver Diya Set' })).toBe('/product/silver-diya-set-42');
    expect(collectionPath({ id: 5, name: 'Diwali Specials' })).toBe('/collection/diwali-specials-5');
    expect(categoryPath({ slug: 'birthday-return-gifts' })).toBe('/category/birthday-return-gifts');
  });
});
