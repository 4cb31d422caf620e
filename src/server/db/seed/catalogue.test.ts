import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../../shared/cart-rules';
import {
  CATALOGUE_BASE_DATE,
  createCollectionPicker,
  generateCategories,
  generateCollections,
  generateProducts,
  PREMIUM_FROM_PAISE,
  type ProductSeed,
  shopPrice,
  withoutDoubledWords,
} from './catalogue';

const demo = [...generateProducts(520)];

describe('generateProducts', () => {
  it('generates the same catalogue every time', () => {
    expect([...generateProducts(520)]).toEqual(demo);
  });

  it('starts a larger catalogue with the smaller one', () => {
    expect([...generateProducts(60)]).toEqual(demo.slice(0, 60));
  });

  it('spreads products over at least 8 occasion categories', () => {
    const slugs = new Set(demo.map((product) => product.categorySlug));
    expect(slugs.size).toBeGreaterThanOrEqual(8);
    expect(generateCategories().map((category) => category.slug)).toEqual(expect.arrayContaining([...slugs]));
  });

  it('prices from ₹50 to about ₹5,000 in whole rupees, each with an MRP at or above its price', () => {
    for (const product of demo) {
      expect(product.pricePaise).toBeGreaterThanOrEqual(5000);
      expect(product.pricePaise).toBeLessThanOrEqual(500_000);
      expect(product.pricePaise % 100).toBe(0);
      // Decision 0059: a real MRP for every product, never a made-up discount.
      expect(product.mrpPaise).toBeGreaterThanOrEqual(product.pricePaise);
    }
    const atMrp = demo.filter((product) => product.mrpPaise === product.pricePaise).length;
    expect(atMrp).toBeGreaterThan(0);
    expect(atMrp).toBeLessThan(demo.length / 3);
  });

  it('declares a hamper with its best-before and a candle with its size (Legal Metrology rule 6)', () => {
    const hamper = demo.find((product) => product.item === 'Gift Hamper')!;
    expect(hamper.declarations).toMatchObject({
      genericName: 'Gift Hamper',
      netUnit: 'set',
      bestBefore: 'Best before 4 months from packing',
    });
    const candle = demo.find((product) => product.item === 'Scented Candle')!;
    expect(candle.declarations).toMatchObject({ genericName: 'Scented Candle', dimensions: '7 × 7 × 9 cm' });
    expect(candle.declarations.manufacturedMonth).toMatch(/^\d{4}-\d{2}$/);
  });

  it('gives every personalised demo product the form it asks for at checkout, never a WhatsApp afterwards', () => {
    const personalised = demo.filter((product) => /personalised/i.test(product.name));
    expect(personalised.length).toBeGreaterThan(20);
    for (const product of personalised) {
      expect(product.personalisation, product.name).not.toBeNull();
      expect(product.description).not.toMatch(/WhatsApp/);
    }
    const pen = demo.find((product) => product.name.startsWith('Personalised Wooden Engraved Pen'));
    expect(pen?.personalisation).toEqual({
      fields: [{ label: 'Name to engrave', maxLength: 20, required: true }],
      photo: 'off',
    });
    // A plain brass name plate is not made to order.
    const brassPlate = demo.find((product) => product.name.startsWith('Brass Name Plate'));
    expect(brassPlate?.personalisation).toBeNull();
  });

  it('packs a potli bag as its own pouch (decision 0077)', () => {
    const potli = demo.find((product) => product.item === 'Potli Bag');
    expect(potli?.packed).toEqual({ weightGrams: 40, lengthCm: 14, breadthCm: 10, heightCm: 3 });
  });

  it('drops a word repeated where prefix and item meet', () => {
    expect(withoutDoubledWords('Green Tea Tea Gift Box')).toBe('Green Tea Gift Box');
    expect(withoutDoubledWords('Brass Diya Set of 4')).toBe('Brass Diya Set of 4');
  });

  it('ends prices the way shops do and never below ₹50', () => {
    expect([20, 50, 61, 99, 120, 151, 1234, 4950].map(shopPrice)).toEqual([
      50, 50, 69, 99, 99, 149, 1199, 4999,
    ]);
  });

  it('has about 6% out of stock, of which some allow pre-order and some do not', () => {
    const outOfStock = demo.filter((product) => product.stock === 0);
    expect(outOfStock.length / demo.length).toBeGreaterThan(0.03);
    expect(outOfStock.length / demo.length).toBeLessThan(0.09);
    expect(outOfStock.some((product) => product.allowPreOrder)).toBe(true);
    expect(outOfStock.some((product) => !product.allowPreOrder)).toBe(true);
    expect(demo.filter((product) => product.stock > 0 && product.allowPreOrder)).toEqual([]);
  });

  it('sells some return gifts in lots of 5, 6 or 10 (never more than a cart line holds) with enough stock', () => {
    const packs = demo.filter((product) => product.minQuantity > 1);
    expect(packs.length).toBeGreaterThan(10);
    for (const product of packs) {
      expect([5, 6, 10]).toContain(product.minQuantity);
      expect(product.minQuantity).toBeLessThanOrEqual(MAX_QUANTITY);
      expect(product.tags).toContain('bulk-pack');
      if (product.stock > 0) expect(product.stock).toBeGreaterThanOrEqual(product.minQuantity);
    }
  });

  it('gives every product believable text, 2 to 6 tags and who it is for, a rating and a past creation date', () => {
    for (const product of demo) {
      const sentences = product.description.split(/(?<=\.) /);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      const recipients = product.tags.filter((tag) => tag.startsWith('for-'));
      // Decision 0070: every product is for someone the listing's recipient filter names.
      expect(recipients.length, product.name).toBeGreaterThanOrEqual(1);
      expect(product.tags.length - recipients.length).toBeGreaterThanOrEqual(2);
      expect(product.tags.length - recipients.length).toBeLessThanOrEqual(6);
      expect(product.rating).toBeGreaterThanOrEqual(3.5);
      expect(product.rating).toBeLessThanOrEqual(5);
      expect(product.ratingCount).toBeGreaterThan(0);
      expect(product.createdAt.getTime()).toBeLessThan(CATALOGUE_BASE_DATE.getTime());
      expect(product.searchText).toBe(product.searchText.toLowerCase());
      expect(product.searchText).toContain(product.name.toLowerCase());
      expect(product.searchText).toContain(product.categoryName.toLowerCase());
    }
    expect(new Set(demo.map((product) => product.name)).size).toBe(demo.length);
  });

  it('includes the names shoppers search for first', () => {
    const names = demo.map((product) => product.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Chocolate Bouquet',
        'Mini Chocolate Bouquet',
        'Brass Diya Set of 4',
        'Personalised Name Keychain',
        'Jute Potli Bag with Ganesha Motif',
        'Kids Stationery Kit',
      ]),
    );
  });

  it('features about 5% of products', () => {
    const featured = demo.filter((product) => product.featured).length;
    expect(featured).toBeGreaterThanOrEqual(6);
    expect(featured / demo.length).toBeLessThan(0.1);
  });

  it('gives each product a main picture and 1 to 3 more, three items for a set and a basket for a hamper', () => {
    for (const product of demo) {
      expect(product.pictures.length).toBeGreaterThanOrEqual(2);
      expect(product.pictures.length).toBeLessThanOrEqual(4);
    }
    const byName = new Map(demo.map((product) => [product.name, product]));
    expect(byName.get('Brass Diya Set of 4')!.pictures[0]).toMatchObject({
      icons: ['diya-lamp'],
      layout: 'set',
    });
    expect(byName.get('Chocolate Bouquet')!.pictures[0]!.icons).toEqual(['chocolate-bouquet']);
    const hamper = demo.find((product) => /Hamper/.test(product.name))!;
    expect(hamper.pictures[0]!.layout).toBe('hamper');
  });

  it('draws a dear gift with the premium frame and a cheap favour without it', () => {
    for (const product of demo) {
      expect(product.pictures[0]!.premium).toBe(product.pricePaise >= PREMIUM_FROM_PAISE);
    }
    expect(demo.some((product) => product.pictures[0]!.premium)).toBe(true);
  });

  it('makes 100,000 products quickly, from a bounded set of pictures', () => {
    const pictures = new Set<string>();
    let total = 0;
    for (const product of generateProducts(100_000)) {
      total++;
      for (const picture of product.pictures) pictures.add(JSON.stringify(picture));
    }
    expect(total).toBe(100_000);
    expect(pictures.size).toBeLessThan(1000);
  });
});

describe('collections', () => {
  const collections = generateCollections();
  const picker = createCollectionPicker(collections);
  for (const product of demo) picker.consider(product);
  const members = picker.members();

  it('curates at least 6 collections, 3 of them featured', () => {
    expect(collections.length).toBeGreaterThanOrEqual(6);
    expect(collections.filter((collection) => collection.featured)).toHaveLength(3);
    expect(collections.map((collection) => collection.name)).toEqual(
      expect.arrayContaining([
        'Under ₹99 Return Gifts',
        'Diwali Hampers',
        'Eco-friendly Favours',
        'Bestsellers',
      ]),
    );
  });

  it('fills each collection with 12 to 40 products that fit its rule', () => {
    collections.forEach((collection, index) => {
      const ordinals = members[index]!;
      expect(ordinals.length, collection.name).toBeGreaterThanOrEqual(12);
      expect(ordinals.length, collection.name).toBeLessThanOrEqual(40);
      expect(new Set(ordinals).size).toBe(ordinals.length);
      for (const ordinal of ordinals) expect(collection.fits(demo[ordinal] as ProductSeed)).toBe(true);
    });
  });

  it('keeps under-₹99 return gifts under ₹100', () => {
    const index = collections.findIndex((collection) => collection.name === 'Under ₹99 Return Gifts');
    for (const ordinal of members[index]!) expect(demo[ordinal]!.pricePaise).toBeLessThanOrEqual(9900);
  });
});
