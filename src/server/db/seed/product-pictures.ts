// What each demo product's picture shows (issue 25: a candle shows a candle, a brass bell a bell):
// Fluent Emoji Flat icons picked by keywords of the product's name, the first rule that matches
// winning, with a fallback per category. artwork.ts draws them.
import { type Composition, PALETTE_COUNT, PATTERNS } from './artwork';

type Rule = { match: RegExp; icons: readonly string[]; hamper?: true };

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

/** In order: the more specific name first ('Chocolate Bouquet' before 'Chocolate'). */
const RULES: readonly Rule[] = [
  { match: /hamper|welcome kit|gift set/i, icons: [], hamper: true },
  { match: /chocolate bouquet/i, icons: ['bouquet', 'chocolate-bar'] },
  { match: /lakshmi/i, icons: ['elephant', 'coin'] },
  { match: /idol/i, icons: ['elephant'] },
  { match: /rakhi thali/i, icons: ['rosette', 'diya-lamp'] },
  { match: /lumba/i, icons: ['rosette', 'gem-stone'] },
  { match: /kids rakhi/i, icons: ['rosette', 'teddy-bear'] },
  { match: /rakhi/i, icons: ['rosette'] },
  { match: /diya|wicks/i, icons: ['diya-lamp'] },
  { match: /tealight|candle/i, icons: ['candle'] },
  { match: /bell/i, icons: ['bell'] },
  { match: /kalash/i, icons: ['amphora'] },
  { match: /thali/i, icons: ['diya-lamp', 'hibiscus'] },
  { match: /urli/i, icons: ['lotus', 'blossom'] },
  { match: /agarbatti|dhoop/i, icons: ['fire', 'blossom'] },
  { match: /chowki/i, icons: ['chair'] },
  { match: /rangoli/i, icons: ['artist-palette', 'blossom'] },
  { match: /shubh labh/i, icons: ['red-paper-lantern'] },
  { match: /potli|coin pouch/i, icons: ['purse'] },
  { match: /pouch/i, icons: ['clutch-bag'] },
  { match: /water bottle/i, icons: ['cup-with-straw'] },
  { match: /footprint/i, icons: ['framed-picture', 'footprints'] },
  { match: /frame/i, icons: ['framed-picture'] },
  { match: /wall hanging/i, icons: ['framed-picture', 'blossom'] },
  { match: /bookmark/i, icons: ['bookmark', 'open-book'] },
  { match: /bonbonniere/i, icons: ['wrapped-gift', 'candy'] },
  { match: /kumkum/i, icons: ['jar', 'hibiscus'] },
  { match: /dry fruit/i, icons: ['chestnut', 'peanuts'] },
  { match: /bangle/i, icons: ['ring', 'gem-stone'] },
  { match: /rattle/i, icons: ['maracas'] },
  { match: /swaddle/i, icons: ['baby'] },
  { match: /visiting card/i, icons: ['identification-card'] },
  { match: /seed paper card/i, icons: ['love-letter', 'seedling'] },
  { match: /card/i, icons: ['love-letter'] },
  { match: /succulent|cactus/i, icons: ['cactus'] },
  { match: /plant/i, icons: ['potted-plant'] },
  { match: /soap/i, icons: ['soap'] },
  { match: /toran/i, icons: ['door', 'blossom'] },
  { match: /name plate/i, icons: ['house', 'placard'] },
  { match: /wind chime/i, icons: ['wind-chime'] },
  { match: /serving tray/i, icons: ['teapot', 'teacup-without-handle'] },
  { match: /organiser/i, icons: ['card-file-box', 'pen'] },
  { match: /notebook/i, icons: ['notebook', 'pen'] },
  { match: /mug/i, icons: ['hot-beverage'] },
  { match: /plantable pencil/i, icons: ['pencil', 'seedling'] },
  { match: /pencil/i, icons: ['pencil'] },
  { match: /tea sampler/i, icons: ['teacup-without-handle', 'herb'] },
  { match: /tea/i, icons: ['teapot', 'teacup-without-handle'] },
  { match: /clock/i, icons: ['mantelpiece-clock'] },
  { match: /stationery/i, icons: ['crayon', 'notebook'] },
  { match: /goodie bag/i, icons: ['shopping-bags', 'candy'] },
  { match: /colouring/i, icons: ['crayon', 'artist-palette'] },
  { match: /bubble/i, icons: ['bubbles'] },
  { match: /clay/i, icons: ['paintbrush', 'artist-palette'] },
  { match: /spinning top/i, icons: ['yo-yo'] },
  { match: /party hat/i, icons: ['party-popper'] },
  { match: /sticker/i, icons: ['open-book', 'star'] },
  { match: /keychain/i, icons: ['key'] },
  { match: /pen\b/i, icons: ['fountain-pen'] },
  { match: /cushion/i, icons: ['couch-and-lamp'] },
  { match: /moon/i, icons: ['crescent-moon'] },
  { match: /lamp/i, icons: ['light-bulb'] },
  { match: /mithai/i, icons: ['moon-cake', 'candy'] },
  { match: /cookie/i, icons: ['cookie'] },
  { match: /honey/i, icons: ['honey-pot'] },
  { match: /sachet/i, icons: ['blossom', 'ribbon'] },
  { match: /toothbrush/i, icons: ['toothbrush'] },
  { match: /chocolate/i, icons: ['chocolate-bar', 'wrapped-gift'] },
  { match: /bouquet/i, icons: ['bouquet'] },
];

export type Picture = { icons: readonly string[]; hamper: boolean };

/** The icons of a product's picture, by its name; the category's scene when no rule matches. */
export function pictureOf(name: string, categoryScene: readonly string[]): Picture {
  const rule = RULES.find((candidate) => candidate.match.test(name));
  if (!rule) return { icons: categoryScene.slice(0, 1), hamper: false };
  if (!rule.hamper) return { icons: rule.icons, hamper: false };
  const contents = HAMPER_CONTENTS.find((candidate) => candidate.match.test(name));
  return { icons: contents?.icons ?? categoryScene, hamper: true };
}

/** Every icon the rules name, for the test that each exists in the set. */
export const RULE_ICONS: readonly string[] = [
  ...new Set([...RULES, ...HAMPER_CONTENTS].flatMap((rule) => rule.icons)),
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
