// What each demo product's picture shows (a candle shows a candle, a potli a potli): Fluent Emoji
// Flat icons, or items drawn in their style (drawn-icons.ts), by the item the product's name was
// made from, with a fallback per category. artwork.ts draws them.
import { type Composition, PALETTE_COUNT, PATTERNS } from './artwork';

type Rule = { match: RegExp; icons: readonly string[] };

/** Hamper contents by the words of its name; the category's scene when none match. */
const HAMPER_CONTENTS: readonly Rule[] = [
  { match: /diya/i, icons: ['diya-lamp', 'candy', 'moon-cake'] },
  { match: /sweets|mithai/i, icons: ['candy', 'moon-cake', 'lollipop'] },
  { match: /dry fruit/i, icons: ['chestnut', 'peanuts', 'honey-pot'] },
  { match: /tea time/i, icons: ['teapot', 'cookie', 'teacup-without-handle'] },
  { match: /gourmet/i, icons: ['cheese-wedge', 'croissant', 'bottle-with-popping-cork'] },
  { match: /wellness|eco/i, icons: ['herb', 'honey-pot', 'tangerine'] },
  { match: /premium/i, icons: ['bottle-with-popping-cork', 'chocolate-bar', 'chestnut'] },
  { match: /joiner|welcome/i, icons: ['notebook', 'hot-beverage', 'pen'] },
  { match: /bhaiya|rakhi/i, icons: ['rosette', 'chocolate-bar', 'candy'] },
  { match: /chocolate/i, icons: ['chocolate-bar', 'candy', 'lollipop'] },
  { match: /basket/i, icons: ['cookie', 'honey-pot', 'tangerine'] },
];

/**
 * What each item of the catalogue (catalogue-data.ts's nouns) shows, its subject first (decision
 * 0070): a potli shows a potli and a bouquet of chocolates shows chocolates, so the picture is
 * chosen by the item the name was made from, never by a word a prefix or motif may also hold
 * ('Plantable Pencil' is a pencil, not a plant). 'hamper' is a basket of what its name says.
 */
export const ITEM_PICTURES: Readonly<Record<string, readonly string[] | 'hamper'>> = {
  'Potli Bag': ['potli-bag'],
  'Chocolate Bouquet': ['chocolate-bouquet'],
  'Water Bottle': ['water-bottle'],
  'Coin Pouch': ['purse'],
  'Photo Frame': ['framed-picture'],
  Bookmark: ['bookmark', 'open-book'],
  'Scented Candle': ['candle'],
  'Bonbonniere Box': ['wrapped-gift', 'candy'],
  'Favour Pouch': ['clutch-bag'],
  'Kumkum Box': ['jar', 'hibiscus'],
  'Dry Fruit Box': ['chestnut', 'peanuts'],
  'Ganesha Idol': ['elephant'],
  'Bangle Box': ['ring', 'gem-stone'],
  'Tealight Holder': ['candle'],
  'Baby Rattle': ['maracas'],
  'Muslin Swaddle': ['baby'],
  'Thank You Card': ['love-letter'],
  'Succulent Planter': ['cactus'],
  'Footprint Frame': ['framed-picture', 'footprints'],
  'Soap Favour': ['soap'],
  'Door Toran': ['door', 'blossom'],
  'Name Plate': ['house', 'placard'],
  'Tulsi Planter': ['potted-plant'],
  'Wind Chime': ['wind-chime'],
  'Kalash Set': ['amphora'],
  'Wall Hanging': ['framed-picture', 'blossom'],
  'Serving Tray': ['teapot', 'teacup-without-handle'],
  Diya: ['diya-lamp'],
  'Diwali Hamper': 'hamper',
  'Rangoli Kit': ['artist-palette', 'blossom'],
  'Lakshmi Ganesh Idol': ['elephant', 'coin'],
  'Shubh Labh Hanging': ['red-paper-lantern'],
  'Urli Bowl': ['lotus', 'blossom'],
  Rakhi: ['rosette'],
  'Rakhi Gift Set': 'hamper',
  'Lumba Rakhi Pair': ['rosette', 'gem-stone'],
  'Rakhi Thali': ['rosette', 'diya-lamp'],
  'Kids Rakhi': ['rosette', 'teddy-bear'],
  'Desk Organiser': ['card-file-box', 'pen'],
  'Notebook and Pen Set': ['notebook', 'pen'],
  'Coffee Mug': ['hot-beverage'],
  'Plantable Pencil': ['pencil', 'seedling'],
  'Visiting Card Holder': ['identification-card'],
  'Welcome Kit': 'hamper',
  'Tea Gift Box': ['teapot', 'teacup-without-handle'],
  'Table Clock': ['mantelpiece-clock'],
  'Stationery Kit': ['crayon', 'notebook'],
  'Goodie Bag': ['shopping-bags', 'candy'],
  'Colouring Kit': ['crayon', 'artist-palette'],
  'Bubble Wand': ['bubbles'],
  'Clay Modelling Kit': ['paintbrush', 'artist-palette'],
  'Spinning Top': ['yo-yo'],
  'Party Hat': ['party-popper'],
  'Sticker Book': ['open-book', 'star'],
  'Pooja Thali Set': ['diya-lamp', 'hibiscus'],
  'Agarbatti Box': ['fire', 'blossom'],
  'Dhoop Cones': ['fire', 'blossom'],
  Kalash: ['amphora'],
  'Pooja Bell': ['bell'],
  'Pooja Chowki': ['chair'],
  'Cotton Wicks': ['diya-lamp'],
  'Name Keychain': ['key'],
  'Photo Mug': ['hot-beverage'],
  'Caricature Frame': ['framed-picture'],
  'Name Pencil': ['pencil'],
  'Engraved Pen': ['fountain-pen'],
  'Cushion Cover': ['couch-and-lamp'],
  'Photo Lamp': ['light-bulb'],
  'Gift Hamper': 'hamper',
  'Mithai Box': ['moon-cake', 'candy'],
  'Dry Fruit Tray': ['chestnut', 'peanuts'],
  'Cookie Tin': ['cookie'],
  'Basket Hamper': 'hamper',
  'Seed Paper Card': ['love-letter', 'seedling'],
  'Desk Planter': ['potted-plant'],
  'Honey Jar': ['honey-pot'],
  'Scented Sachet': ['blossom', 'ribbon'],
  Toothbrush: ['toothbrush'],
  'Tea Sampler': ['teacup-without-handle', 'herb'],
  'Chocolate Box': ['chocolate-bar', 'wrapped-gift'],
  // Decision 0079: the demo add-ons.
  'Greeting Card': ['love-letter'],
  'Teddy Bear': ['teddy-bear'],
  'Balloon Bunch': ['balloon'],
  'Birthday Candle Set': ['candle', 'birthday-cake'],
};

export type Picture = { icons: readonly string[]; hamper: boolean };

/**
 * The icons of a product's picture, by the item its name was made from; a hamper's contents by the
 * words of its name. An item the table does not know shows its category's first item.
 */
export function pictureOf(item: string, name: string, categoryScene: readonly string[]): Picture {
  const picture = ITEM_PICTURES[item];
  if (picture === undefined) return { icons: categoryScene.slice(0, 1), hamper: false };
  if (picture !== 'hamper') return { icons: picture, hamper: false };
  const contents = HAMPER_CONTENTS.find((candidate) => candidate.match.test(name));
  return { icons: contents?.icons ?? categoryScene, hamper: true };
}

/** Every icon the pictures name, for the test that each exists in the set or is drawn. */
export const RULE_ICONS: readonly string[] = [
  ...new Set([
    ...Object.values(ITEM_PICTURES).flatMap((icons) => (icons === 'hamper' ? [] : icons)),
    ...HAMPER_CONTENTS.flatMap((rule) => rule.icons),
  ]),
];

/** A small stable number of a text, so an item's pictures start at their own colour. */
function spread(text: string): number {
  let total = 0;
  for (const char of text) total = (total * 31 + char.charCodeAt(0)) >>> 0;
  return total;
}

/** The two looks a product of one item can have; more would mean more pictures to render. */
export const LOOKS = 2;

/**
 * A product's pictures, main first: its item in its layout (three of it for a set, a basket for a
 * hamper) on one of LOOKS backgrounds, then a close-up, another layout and the other look. Products of one item
 * share a few compositions, so the seed renders each once.
 */
export function productCompositions(
  picture: Picture,
  { look, extras, isSet, premium }: { look: number; extras: number; isSet: boolean; premium: boolean },
): Composition[] {
  const base = spread(picture.icons.join(' '));
  const main = picture.hamper ? 'hamper' : isSet ? 'set' : 'single';
  const at = (offset: number) => ({
    palette: (base + offset) % PALETTE_COUNT,
    pattern: PATTERNS[(base + offset) % PATTERNS.length]!,
  });
  const compositions: Composition[] = [
    { icons: picture.icons, layout: main, ...at(look), premium, wide: false },
  ];
  const others: Composition[] = [
    { icons: picture.icons, layout: 'closeup', ...at(2), premium: false, wide: false },
    {
      icons: picture.icons,
      layout: main === 'single' ? 'set' : 'single',
      ...at(3),
      premium: false,
      wide: false,
    },
    // The other look's main picture: shared with the item's other products, so no new render.
    { icons: picture.icons, layout: main, ...at(1 - look), premium: false, wide: false },
  ];
  return [...compositions, ...others.slice(0, extras)];
}

/** A category's or collection's picture: three of its items; a collection's is 4:3 like its card. */
export function sceneComposition(scene: readonly string[], index: number, wide: boolean): Composition {
  return {
    icons: scene,
    layout: 'scene',
    palette: index % PALETTE_COUNT,
    pattern: PATTERNS[index % PATTERNS.length]!,
    premium: false,
    wide,
  };
}
