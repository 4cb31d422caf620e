// The demo catalogue (DESIGN 4, Catalogue): generated, never fetched, and deterministic. The same
// seed gives the same rows, and the first k products do not depend on how many are asked for, so a
// 100,000-product catalogue starts with the 520-product one. What it draws from (categories,
// items, words, collections) is in catalogue-data.ts; this file turns that into rows.

import type { DeclarationOverridesValue, NetUnit } from '../../../shared/legal-metrology-terms';
import type { ParcelSizeValue } from '../../../shared/parcel-defaults';
import type { PersonalisationConfig } from '../../../shared/personalisation-rules';
import type { Composition } from './artwork';
import {
  CATEGORY_TEMPLATES,
  type CategoryTemplate,
  COLLECTION_TEMPLATES,
  COLOURWAYS,
  ECO_WORDS,
  GENERIC_CLOSERS,
  HANDMADE_WORDS,
  type ItemTemplate,
  PROPER_WORDS,
  RECIPIENTS_OF_ITEM,
  SIGNATURE_PRODUCTS,
} from './catalogue-data';
import { LOOKS, pictureOf, productCompositions, sceneComposition } from './product-pictures';

/** Every date in the catalogue is this instant minus a deterministic offset. */
export const CATALOGUE_BASE_DATE = new Date('2026-01-01T00:00:00+05:30');

export const DEFAULT_PRODUCT_COUNT = 520;

/** A gift at this price or above gets the premium picture (gold frame). */
export const PREMIUM_FROM_PAISE = 199_900;

const DEFAULT_SEED = 20_261_001;
const MINUTES_PER_DAY = 24 * 60;

type Random = () => number;

/** mulberry32: tiny, fast and good enough for demo data; never Math.random, so runs repeat. */
function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const minutesBefore = (base: Date, minutes: number) => new Date(base.getTime() - minutes * 60_000);

// ---------------------------------------------------------------------------------------------
// Categories

export type CategorySeed = {
  name: string;
  slug: string;
  description: string;
  picture: Composition;
  sortOrder: number;
  createdAt: Date;
};

export function generateCategories(): CategorySeed[] {
  return CATEGORY_TEMPLATES.map((category, index) => ({
    name: category.name,
    slug: category.slug,
    description: category.description,
    picture: sceneComposition(category.scene, index, false),
    sortOrder: index + 1,
    createdAt: minutesBefore(CATALOGUE_BASE_DATE, (400 - index) * MINUTES_PER_DAY),
  }));
}

// ---------------------------------------------------------------------------------------------
// Products

export type ProductSeed = {
  /** 0-based position in the generated sequence. */
  ordinal: number;
  name: string;
  description: string;
  categorySlug: string;
  categoryName: string;
  /** The item the name was composed from ('Diya', 'Potli Bag'). */
  item: string;
  /** The main picture, then the extra ones; the seed renders them and stores their paths. */
  pictures: Composition[];
  pricePaise: number;
  /** The MRP on the pack (decision 0059); the price itself for a product sold at MRP. */
  mrpPaise: number;
  tags: string[];
  stock: number;
  allowPreOrder: boolean;
  minQuantity: number;
  featured: boolean;
  /** The average (to two decimals) and number of `reviews`, as the review service writes them. */
  rating: number;
  ratingCount: number;
  /** Decision 0059: the demo reviews the rating is computed from (each by its own demo shopper). */
  reviews: DemoReview[];
  /** Decision 0059: the product's own Legal Metrology declarations (over its category's). */
  declarations: DeclarationOverridesValue;
  createdAt: Date;
  searchText: string;
  /** What a shopper fills in; null for most products. */
  personalisation: PersonalisationConfig | null;
  /** Decision 0077: one unit as packed; null for the category's parcel. */
  packed: ParcelSizeValue | null;
};

/** Decision 0077: the form of a personalised item, so every demo product made to order asks for it. */
function personalisationOf({
  item,
  prefix,
}: {
  item: ItemTemplate;
  prefix: string;
}): PersonalisationConfig | null {
  if (!item.personalisation) return null;
  const { personalisedOnly, ...form } = item.personalisation;
  return personalisedOnly && !/personalised/i.test(prefix) ? null : form;
}

type Choice = {
  category: CategoryTemplate;
  item: ItemTemplate;
  prefix: string;
  motif: string | null;
  pack: number | null;
  minQuantity?: number;
  personalisation?: PersonalisationConfig;
};

const findItem = (slug: string, noun: string) => {
  const category = CATEGORY_TEMPLATES.find((candidate) => candidate.slug === slug)!;
  return { category, item: category.items.find((candidate) => candidate.noun === noun)! };
};

/** The fixed first products, each with its category and item. */
const SIGNATURE_CHOICES: readonly Choice[] = SIGNATURE_PRODUCTS.map(({ categorySlug, noun, ...choice }) => ({
  ...findItem(categorySlug, noun),
  ...choice,
}));

function runningText(words: string): string {
  return words
    .split(' ')
    .map((word) => (PROPER_WORDS.has(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** Rupee prices end the way shops price them: ₹59, ₹99, ₹149, ₹1,299; never below ₹50. */
export function shopPrice(rupees: number): number {
  if (rupees < 100) {
    const steps = [50, 59, 69, 79, 89, 99];
    return steps.find((step) => step >= rupees) ?? 99;
  }
  if (rupees < 1000) return Math.max(99, Math.round(rupees / 50) * 50 - 1);
  return Math.round(rupees / 100) * 100 - 1;
}

/** A shop price about `factor` times the price, and always above it. */
function mrpAbove(rupees: number, factor: number): number {
  let mrp = shopPrice(rupees * factor);
  for (let bump = 10; mrp <= rupees; bump += 10) mrp = shopPrice(rupees * factor + bump);
  return mrp;
}

function priceTag(rupees: number): string | null {
  if (rupees <= 99) return 'under-99';
  if (rupees <= 199) return 'under-199';
  if (rupees <= 499) return 'under-499';
  return null;
}

function chooseFreely(random: Random): Choice {
  const category = pick(random, CATEGORY_TEMPLATES);
  const item = pick(random, category.items);
  const prefix = pick(random, item.prefixes);
  const motif = item.motifs && random() < 0.5 ? pick(random, item.motifs) : null;
  const pack = item.packs ? pick(random, item.packs) : null;
  return { category, item, prefix, motif, pack };
}

/** 'Green Tea' and 'Tea Gift Box' make 'Green Tea Gift Box', not 'Green Tea Tea ...'. */
export function withoutDoubledWords(text: string): string {
  return text
    .split(' ')
    .filter((word, index, words) => index === 0 || word.toLowerCase() !== words[index - 1]!.toLowerCase())
    .join(' ');
}

function composeName({ item, prefix, motif, pack }: Choice): string {
  let name = prefix ? `${prefix} ${item.noun}` : item.noun;
  if (motif) name += ` with ${motif} Motif`;
  if (pack) name += ` ${item.packWord ?? 'Set'} of ${pack}`;
  return withoutDoubledWords(name);
}

function describeProduct(choice: Choice, minQuantity: number, handmade: boolean, random: Random): string {
  const sentences = [
    choice.item.blurb.replace('{item}', runningText(composeName({ ...choice, pack: null }))),
    pick(random, choice.category.occasionLines),
  ];
  if (minQuantity > 1) {
    sentences.push(`Sold in lots of at least ${minQuantity}, so every guest goes home with one.`);
  } else if (/personalised/i.test(choice.prefix)) {
    sentences.push('Type the name when you order and we make it before dispatch.');
  } else if (handmade && random() < 0.5) {
    sentences.push('Made by hand, so no two pieces are exactly alike.');
  } else if (random() < 0.5) {
    sentences.push(pick(random, GENERIC_CLOSERS));
  }
  return sentences.join(' ');
}

/**
 * Within a name sold in sizes, a bigger size costs more. The first product of the name
 * (no size in it) draws a price from the lower half of the item's range; size i of n then costs
 * about base × (high / base)^((i + 1) / n), so the biggest size reaches the top of the range.
 */
function sizedPrice(base: number, high: number, sizeIndex: number, sizes: number, below: number): number {
  let rupees = shopPrice(base * (high / Math.max(base, 1)) ** ((sizeIndex + 1) / sizes));
  for (let bump = 10; rupees <= below; bump += 10) rupees = shopPrice(below + bump);
  return rupees;
}

/**
 * The products of the demo catalogue, lazily: a 100,000-product catalogue is generated row by row
 * and never held in memory at once (only a name counter grows with the count).
 */
export function* generateProducts(
  count: number = DEFAULT_PRODUCT_COUNT,
  seed = DEFAULT_SEED,
): Generator<ProductSeed> {
  const random = createRandom(seed);
  const nameUses = new Map<string, number>();
  /** Of a name sold in sizes: the first product's price and the last size's, in rupees. */
  const sizedFamilies = new Map<string, { base: number; last: number }>();

  for (let ordinal = 0; ordinal < count; ordinal++) {
    const choice = SIGNATURE_CHOICES[ordinal] ?? chooseFreely(random);
    const { category, item } = choice;

    const baseName = composeName(choice);
    const uses = (nameUses.get(baseName) ?? 0) + 1;
    nameUses.set(baseName, uses);
    const variants = item.sizes ?? item.variants ?? COLOURWAYS;
    const name =
      uses === 1 ? baseName : `${baseName}, ${variants[uses - 2] ?? `Design ${uses - variants.length}`}`;

    const [low, high] = item.price;
    const draw = random();
    const family = item.sizes ? sizedFamilies.get(baseName) : undefined;
    let rupees: number;
    if (item.sizes && uses === 1) {
      rupees = shopPrice(low * (high / low) ** (draw / 2));
      sizedFamilies.set(baseName, { base: rupees, last: rupees });
    } else if (item.sizes && family && uses - 2 < item.sizes.length) {
      rupees = sizedPrice(family.base, high, uses - 2, item.sizes.length, family.last);
      family.last = rupees;
    } else {
      // Log-uniform: cheaper variants are more common, as in a real shop.
      rupees = shopPrice(low * (high / low) ** draw);
    }
    const pricePaise = rupees * 100;
    // Most are sold below their MRP; the rest at it (never a made-up one). Without the second draw
    // when at MRP, as before, so every later product stays as it was.
    const mrpPaise = random() < 0.85 ? mrpAbove(rupees, 1.12 + random() * 0.5) * 100 : pricePaise;

    let minQuantity = choice.minQuantity ?? 1;
    if (choice.minQuantity === undefined && item.returnGift && rupees <= 299 && random() < 0.45) {
      // At most MAX_QUANTITY: a line cannot hold more (SPEC 5), so a bigger lot could never be bought.
      minQuantity = pick(random, [5, 6, 10]);
    }

    const availability = random();
    const outOfStock = ordinal >= SIGNATURE_CHOICES.length && availability < 0.06;
    const allowPreOrder = outOfStock && availability < 0.03;
    const stock = outOfStock ? 0 : minQuantity > 1 ? between(random, 60, 1200) : between(random, 4, 400);

    const handmade = HANDMADE_WORDS.test(name);
    const tags = new Set<string>([category.tag, ...item.tags.slice(0, 2)]);
    if (/personalised/i.test(name)) tags.add('personalised');
    if (ECO_WORDS.test(name)) tags.add('eco-friendly');
    if (handmade) tags.add('handmade');
    if (minQuantity > 1) tags.add('bulk-pack');
    const priceBand = priceTag(rupees);
    if (priceBand) tags.add(priceBand);
    // Decision 0070: who it is for, after the six that say what it is.
    const tagList = [...[...tags].slice(0, 6), ...(RECIPIENTS_OF_ITEM[item.noun] ?? [])];

    const description = describeProduct(choice, minQuantity, handmade, random);
    const featured = random() < 0.05 || ordinal < 3;
    // Ratings cluster around 4.3, as real ones do. Decision 0059: the rating shown is computed from
    // demo reviews written here, a few a product (more for the popular), never a bare count.
    const aimedRating = Math.round((3.5 + ((random() + random()) / 2) * 1.5) * 10) / 10;
    const popularity = 3 + Math.floor(Math.exp(random() * 7.6));
    const createdAt = minutesBefore(
      CATALOGUE_BASE_DATE,
      Math.floor(random() * 540 * MINUTES_PER_DAY) + ordinal,
    );

    // Two draws, as the pictures always took, so every later product stays as it was.
    const look = Math.floor(random() * LOOKS);
    const extras = 1 + Math.floor(random() * 3);
    const pictures = productCompositions(pictureOf(item.noun, name, category.scene), {
      look,
      extras,
      isSet: choice.pack !== null,
      premium: pricePaise >= PREMIUM_FROM_PAISE,
    });

    const reviews = demoReviews(ordinal, aimedRating, popularity, createdAt);
    const ratingTotal = reviews.reduce((total, review) => total + review.rating, 0);

    yield {
      ordinal,
      name,
      description,
      categorySlug: category.slug,
      categoryName: category.name,
      item: item.noun,
      pictures,
      pricePaise,
      mrpPaise,
      tags: tagList,
      stock,
      allowPreOrder,
      minQuantity,
      featured,
      rating: Math.round((ratingTotal / reviews.length) * 100) / 100,
      ratingCount: reviews.length,
      reviews,
      declarations: declarationsFor(item.noun, choice.pack, createdAt),
      createdAt,
      searchText: searchTextOf({ name, tags: tagList, categoryName: category.name, description }),
      personalisation: choice.personalisation ?? personalisationOf(choice),
      packed: item.packed ?? null,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Demo reviews and Legal Metrology declarations (decision 0059)

/** Demo shoppers who write the demo reviews; a product's reviewers are distinct ones. */
export const DEMO_REVIEWERS = 48;
const MAX_DEMO_REVIEWS = 8;

export type DemoReview = {
  /** 0-based demo reviewer (DEMO_REVIEWERS of them). */
  reviewer: number;
  rating: number;
  text: string;
  createdAt: Date;
};

const REVIEW_WORDS: Readonly<Record<number, readonly string[]>> = {
  5: ['Lovely, exactly as shown.', 'Guests loved these.', 'Beautifully packed and on time.'],
  4: ['Good quality for the price.', 'Nice, a little smaller than I expected.', 'Arrived well packed.'],
  3: ['Okay for the price.', 'Colour differs a little from the photo.'],
  2: ['One piece came chipped.'],
  1: ['Not what I expected.'],
};

/**
 * Between 1 and MAX_DEMO_REVIEWS reviews (more for a more popular product) whose ratings average
 * `aimed` as closely as whole stars allow. No random draws, so every product after it stays as it
 * was.
 */
function demoReviews(ordinal: number, aimed: number, popularity: number, after: Date): DemoReview[] {
  const count = Math.min(MAX_DEMO_REVIEWS, Math.max(1, Math.floor(Math.log2(popularity) / 1.4)));
  const total = Math.min(5 * count, Math.max(count, Math.round(aimed * count)));
  return Array.from({ length: count }, (_, index) => {
    // The first (total mod count) reviews get one star more than the rest: the sum is `total`.
    const rating = Math.floor(total / count) + (index < total % count ? 1 : 0);
    const words = REVIEW_WORDS[rating]!;
    return {
      reviewer: (ordinal * 7 + index) % DEMO_REVIEWERS,
      rating,
      text: words[(ordinal + index) % words.length]!,
      createdAt: new Date(after.getTime() + (index + 1) * 3 * MINUTES_PER_DAY * 60_000),
    };
  });
}

type ItemFacts = { netQuantity: number; netUnit: NetUnit; dimensions?: string; bestBefore?: string };

/**
 * What the pack of some items declares beyond a count of pieces: food by weight with its best
 * before (rule 6(1)(h) wants it on food), others their size where the buyer cares. Every other
 * item is one piece, or its pack's count.
 */
const ITEM_FACTS: Readonly<Record<string, ItemFacts>> = {
  'Chocolate Bouquet': { netQuantity: 200, netUnit: 'g', bestBefore: 'Best before 9 months from packing' },
  'Dry Fruit Box': { netQuantity: 250, netUnit: 'g', bestBefore: 'Best before 6 months from packing' },
  'Dry Fruit Tray': { netQuantity: 400, netUnit: 'g', bestBefore: 'Best before 6 months from packing' },
  'Diwali Hamper': { netQuantity: 1, netUnit: 'set', bestBefore: 'Best before 4 months from packing' },
  'Gift Hamper': { netQuantity: 1, netUnit: 'set', bestBefore: 'Best before 4 months from packing' },
  'Basket Hamper': { netQuantity: 1, netUnit: 'set', bestBefore: 'Best before 4 months from packing' },
  'Mithai Box': { netQuantity: 500, netUnit: 'g', bestBefore: 'Best before 10 days from manufacture' },
  'Cookie Tin': { netQuantity: 300, netUnit: 'g', bestBefore: 'Best before 4 months from packing' },
  'Tea Gift Box': { netQuantity: 100, netUnit: 'g', bestBefore: 'Best before 12 months from packing' },
  'Honey Jar': { netQuantity: 250, netUnit: 'g', bestBefore: 'Best before 18 months from packing' },
  'Scented Candle': { netQuantity: 1, netUnit: 'piece', dimensions: '7 × 7 × 9 cm' },
  'Photo Frame': { netQuantity: 1, netUnit: 'piece', dimensions: '20 × 25 cm' },
  'Ganesha Idol': { netQuantity: 1, netUnit: 'piece', dimensions: '8 × 6 × 12 cm' },
  'Lakshmi Ganesh Idol': { netQuantity: 1, netUnit: 'piece', dimensions: '15 × 8 × 18 cm' },
  'Coffee Mug': { netQuantity: 1, netUnit: 'piece', dimensions: '330 ml, 9 × 8 cm' },
};

/** A product's own declarations: its generic name and net quantity, and what its item adds. */
function declarationsFor(noun: string, pack: number | null, createdAt: Date): DeclarationOverridesValue {
  const facts = ITEM_FACTS[noun] ?? { netQuantity: 1, netUnit: 'piece' };
  return {
    genericName: noun,
    // A pack of 4 declares 4 pieces (or 4 × its weight).
    netQuantity: facts.netQuantity * (pack ?? 1),
    netUnit: facts.netUnit,
    ...(facts.dimensions ? { dimensions: facts.dimensions } : {}),
    ...(facts.bestBefore
      ? { bestBefore: facts.bestBefore }
      : { manufacturedMonth: createdAt.toISOString().slice(0, 7) }),
  };
}

/** What products.search_text holds (schema.ts): lower-cased name, tags, category and description. */
export function searchTextOf(product: {
  name: string;
  tags: readonly string[];
  categoryName: string;
  description: string;
}) {
  return [product.name, product.tags.join(' '), product.categoryName, product.description]
    .join(' ')
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Collections

export type CollectionSeed = {
  name: string;
  description: string;
  picture: Composition;
  featured: boolean;
  sortOrder: number;
  createdAt: Date;
  /** Whether a product belongs in the collection. */
  fits: (product: ProductSeed) => boolean;
};

/** A collection holds at most this many products: the best-rated that fit. */
const COLLECTION_SIZE = 40;

export function generateCollections(): CollectionSeed[] {
  return COLLECTION_TEMPLATES.map(({ scene, ...definition }, index) => ({
    ...definition,
    picture: sceneComposition(scene, index + 2, true),
    sortOrder: index + 1,
    createdAt: minutesBefore(CATALOGUE_BASE_DATE, (90 - index * 7) * MINUTES_PER_DAY),
  }));
}

type Candidate = { ordinal: number; score: number };

/**
 * Picks each collection's products while the products stream past: the COLLECTION_SIZE best by
 * rating weighted with review count, in-stock first.
 */
export function createCollectionPicker(collections: readonly CollectionSeed[]) {
  const chosen = collections.map(() => [] as Candidate[]);
  return {
    consider(product: ProductSeed) {
      const score = (product.stock > 0 ? 100 : 0) + product.rating * Math.log10(product.ratingCount + 1);
      collections.forEach((collection, index) => {
        if (!collection.fits(product)) return;
        const list = chosen[index]!;
        if (list.length === COLLECTION_SIZE && list[list.length - 1]!.score >= score) return;
        let at = list.length;
        while (at > 0 && list[at - 1]!.score < score) at--;
        list.splice(at, 0, { ordinal: product.ordinal, score });
        if (list.length > COLLECTION_SIZE) list.pop();
      });
    },
    /** Product ordinals of each collection, best first. */
    members(): number[][] {
      return chosen.map((list) => list.map((candidate) => candidate.ordinal));
    },
  };
}
