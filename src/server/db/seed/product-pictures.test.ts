import { describe, expect, it } from 'vitest';
import { hasIcon } from './artwork';
import { generateCategories, generateCollections } from './catalogue';
import { pictureOf, RULE_ICONS } from './product-pictures';

describe('pictureOf', () => {
  it('shows what the name says: a candle, a bell, a diya, a hamper in a basket', () => {
    expect(pictureOf('Soy Wax Scented Candle', ['balloon']).icons).toEqual(['candle']);
    expect(pictureOf('Brass Pooja Bell', ['lotus']).icons).toEqual(['bell']);
    expect(pictureOf('Terracotta Diya Set of 6', ['diya-lamp']).icons).toEqual(['diya-lamp']);
    expect(pictureOf('Chocolate Bouquet', ['basket']).icons).toEqual(['bouquet', 'chocolate-bar']);
    expect(pictureOf('Dry Fruit Diwali Hamper, Grand', ['diya-lamp'])).toEqual({
      icons: ['chestnut', 'peanuts', 'honey-pot'],
      hamper: true,
    });
  });

  it("falls back to the category's first item for a name no rule knows", () => {
    expect(pictureOf('Mystery Gift', ['birthday-cake', 'balloon'])).toEqual({
      icons: ['birthday-cake'],
      hamper: false,
    });
  });

  it('names only icons that exist in Fluent Emoji Flat', () => {
    const scenes = [...generateCategories(), ...generateCollections()].flatMap((seed) => seed.picture.icons);
    for (const icon of [...RULE_ICONS, ...scenes, 'basket', 'sparkles'])
      expect(hasIcon(icon), icon).toBe(true);
  });
});
