// The demo catalogue's pictures (DESIGN 4: no image is fetched from the internet): icons of the
// Fluent Emoji Flat set (MIT, docs/licences.md), or items drawn in its style (drawn-icons.ts),
// composed onto festive card backgrounds and rendered by sharp into the same WebP widths as an
// uploaded image, stored through the store's ImageStorage. Each distinct composition is rendered
// once, whatever number of products show it.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { PRODUCT_IMAGE_WIDTHS, productImageKey } from '../../../shared/product-images';
import type { ImageStorage } from '../../storage/image-storage';
import { DRAWN_ICONS } from './drawn-icons';

/**
 * single: one item; set: three of it (a pack or set); hamper: treats peeking out of a basket;
 * closeup: the item large, with its companion; scene: three items side by side (categories and
 * collections).
 */
export type Layout = 'single' | 'set' | 'hamper' | 'closeup' | 'scene';
export type Pattern = 'dots' | 'stripes' | 'jaali' | 'rays';
export const PATTERNS: readonly Pattern[] = ['dots', 'stripes', 'jaali', 'rays'];

export type Composition = {
  /** Fluent Emoji Flat icon names, the main item first. */
  icons: readonly string[];
  layout: Layout;
  palette: number;
  pattern: Pattern;
  /** A gold frame and sparkles: the store's dearest gifts do not look like its ₹59 favours. */
  premium: boolean;
  /** 4:3 instead of square (collection cards). */
  wide: boolean;
};

type Palette = { light: string; deep: string; ink: string };

/** Marigold, rani pink, haldi, mehendi green, peacock blue and rose: the store's festive colours. */
const PALETTES: readonly Palette[] = [
  { light: '#FFF3D6', deep: '#FDBA4D', ink: '#B4490A' },
  { light: '#FFE4EF', deep: '#F48FB1', ink: '#A3154F' },
  { light: '#FFF8D9', deep: '#F7C948', ink: '#9A5B00' },
  { light: '#E8F5E9', deep: '#8BC98E', ink: '#1F6B26' },
  { light: '#E3ECFF', deep: '#8FAAF0', ink: '#1E3A8A' },
  { light: '#FDECEA', deep: '#F2A58E', ink: '#9C2F17' },
];
export const PALETTE_COUNT = PALETTES.length;

const HEIGHT = 600;
const widthOf = (composition: Composition) => (composition.wide ? 800 : 600);

type IconSet = { icons: Record<string, { body: string }>; aliases?: Record<string, { parent: string }> };
let iconSet: IconSet | undefined;

/** The icon set's JSON (9 MB), read on first use: only a seed that draws pictures needs it. */
function loadIconSet(): IconSet {
  iconSet ??= createRequire(import.meta.url)('@iconify-json/fluent-emoji-flat/icons.json') as IconSet;
  return iconSet;
}

export function hasIcon(name: string): boolean {
  if (name in DRAWN_ICONS) return true;
  const set = loadIconSet();
  return name in set.icons || name in (set.aliases ?? {});
}

function iconBody(name: string): string {
  const drawn = DRAWN_ICONS[name];
  if (drawn) return drawn;
  const set = loadIconSet();
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`No icon named ${name} in Fluent Emoji Flat`);
  return icon.body;
}

/** An icon drawn as a square of `size` pixels with its top-left corner at (x, y). */
const place = (name: string, x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 32})">${iconBody(name)}</g>`;

const shadow = (cx: number, cy: number, rx: number, ink: string) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 7)}" fill="${ink}" opacity=".16"/>`;

function drawItems(composition: Composition, palette: Palette): string {
  const [main = 'wrapped-gift', second, third] = composition.icons;
  const middle = widthOf(composition) / 2;
  switch (composition.layout) {
    case 'single':
      return second
        ? shadow(middle - 20, 520, 220, palette.ink) +
            place(main, middle - 230, 130, 380) +
            place(second, middle + 70, 300, 220)
        : shadow(middle, 520, 190, palette.ink) + place(main, middle - 200, 110, 400);
    case 'closeup':
      return (
        shadow(middle, 560, 260, palette.ink) +
        place(main, middle - 250, 60, 500) +
        (second ? place(second, middle + 110, 360, 170) : '')
      );
    case 'set':
      return (
        shadow(middle, 530, 250, palette.ink) +
        place(main, middle - 250, 140, 230) +
        place(main, middle + 20, 140, 230) +
        place(main, middle - 150, 230, 300)
      );
    case 'hamper':
      return (
        shadow(middle, 545, 240, palette.ink) +
        place(second ?? main, middle - 190, 70, 200) +
        place(third ?? main, middle + 10, 60, 190) +
        place(main, middle - 95, 120, 190) +
        place('basket', middle - 220, 170, 440)
      );
    case 'scene':
      return (
        shadow(middle, 520, 280, palette.ink) +
        (second ? place(second, middle - 300, 250, 230) : '') +
        (third ? place(third, middle + 70, 250, 230) : '') +
        place(main, middle - 160, 100, 320)
      );
  }
}

/** One tile of a background pattern, repeated over the card by sharp (an SVG <pattern> is slow). */
export function tileSvg(pattern: Pattern, ink: string): string {
  const tile = (size: number, content: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">${content}</svg>`;
  switch (pattern) {
    case 'dots':
      return tile(44, `<circle cx="22" cy="22" r="5" fill="${ink}" opacity=".14"/>`);
    case 'stripes':
      return tile(
        36,
        `<path d="M-9 9L9-9M0 36L36 0M27 45L45 27" stroke="${ink}" stroke-width="9" opacity=".09"/>`,
      );
    case 'jaali':
      return tile(
        60,
        `<path d="M30 4L56 30 30 56 4 30z" fill="none" stroke="${ink}" stroke-width="3" opacity=".13"/><circle cx="30" cy="30" r="4" fill="${ink}" opacity=".13"/>`,
      );
    case 'rays':
      return tile(80, `<path d="M40 10l6 24 24 6-24 6-6 24-6-24-24-6 24-6z" fill="${ink}" opacity=".1"/>`);
  }
}

const svgOf = (width: number, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${HEIGHT}" width="${width}" height="${HEIGHT}">${content}</svg>`;

const paletteOf = (composition: Composition) => PALETTES[composition.palette % PALETTES.length]!;

/** The card behind the items: a soft gradient (the pattern is tiled over it). */
export function backgroundSvg(composition: Composition): string {
  const palette = paletteOf(composition);
  const width = widthOf(composition);
  return svgOf(
    width,
    `<defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.deep}"/></radialGradient></defs>` +
      `<rect width="${width}" height="${HEIGHT}" fill="url(#g)"/>`,
  );
}

/**
 * The items on a transparent layer, with the gold frame and sparkles of a premium gift; no words
 * in it (the card prints the name, so nothing is cropped).
 */
export function itemsSvg(composition: Composition): string {
  const width = widthOf(composition);
  const premium = composition.premium
    ? `<rect x="14" y="14" width="${width - 28}" height="${HEIGHT - 28}" rx="30" fill="none" stroke="#C9A227" stroke-width="10"/>` +
      `<rect x="34" y="34" width="${width - 68}" height="${HEIGHT - 68}" rx="20" fill="none" stroke="#E9C85B" stroke-width="3"/>` +
      place('sparkles', width - 150, 50, 96)
    : '';
  return svgOf(width, drawItems(composition, paletteOf(composition)) + premium);
}

/** A background is shared by many pictures: each is drawn once. */
function createBackgrounds() {
  const drawn = new Map<string, Promise<{ data: Buffer; info: OutputInfo }>>();
  return (composition: Composition) => {
    const key = [composition.palette, composition.pattern, composition.wide].join();
    let background = drawn.get(key);
    if (!background) {
      background = sharp(Buffer.from(backgroundSvg(composition)))
        .composite([
          { input: Buffer.from(tileSvg(composition.pattern, paletteOf(composition).ink)), tile: true },
        ])
        .raw()
        .toBuffer({ resolveWithObject: true });
      drawn.set(key, background);
    }
    return background;
  };
}

/** The storage key stem of a composition: the same picture always gets the same name. */
export function compositionStem(composition: Composition): string {
  const digest = createHash('sha256').update(JSON.stringify(composition)).digest('hex');
  return `art-${digest.slice(0, 12)}`;
}

const WIDEST = Math.max(...PRODUCT_IMAGE_WIDTHS);

/** The storage key of a composition's copy at a width; the widest is what product.image names. */
export const pictureKey = (composition: Composition, width = WIDEST) =>
  productImageKey(compositionStem(composition), width);

/** How many compositions render at once: sharp works on libuv's threads, one per core here. */
const RENDERS_AT_ONCE = 4;

/** How each width is encoded. Flat art keeps its look at 70; effort 2 costs a fifth more time than
 * 0 for files about 40 % smaller, which the listing's LCP on slow 4G needs (docs/performance.md,
 * Lighthouse). */
const WEBP = { quality: 70, effort: 2 } as const;

/**
 * A folder of WebPs already drawn, named by a digest of everything that makes their bytes (the
 * SVGs, the width, the encoding and libvips' version), so a stale copy can never be served. The
 * test runs set it (SEED_ARTWORK_CACHE_DIR): each of their stores seeds from an empty folder, and
 * drawing the same few hundred pictures again was most of a seed's time.
 */
function createArtworkCache(folder: string | undefined) {
  const fileOf = (composition: Composition, width: number) => {
    const digest = createHash('sha256')
      .update(
        JSON.stringify([
          backgroundSvg(composition),
          tileSvg(composition.pattern, paletteOf(composition).ink),
          itemsSvg(composition),
          width,
          WEBP,
          sharp.versions.vips,
        ]),
      )
      .digest('hex');
    return path.join(folder ?? '', `${digest}.webp`);
  };
  return {
    async read(composition: Composition, width: number): Promise<Buffer | null> {
      if (!folder) return null;
      return fs.readFile(fileOf(composition, width)).catch(() => null);
    },
    async keep(composition: Composition, width: number, webp: Buffer): Promise<void> {
      if (!folder) return;
      await fs.mkdir(folder, { recursive: true });
      // Written aside and renamed: another process seeding at the same time never reads half a file.
      const file = fileOf(composition, width);
      const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await fs.writeFile(aside, webp);
      await fs.rename(aside, file);
    },
  };
}

/**
 * Renders each distinct composition into a WebP per width of PRODUCT_IMAGE_WIDTHS and stores it
 * under pictureKey; answers how many it drew. With `onlyMissing`, a composition whose widest copy
 * is already stored is not drawn again; with `cacheDir`, copies drawn before are taken from there.
 */
export async function storeArtwork(
  storage: ImageStorage,
  compositions: Iterable<Composition>,
  { onlyMissing = false, cacheDir }: { onlyMissing?: boolean; cacheDir?: string } = {},
): Promise<number> {
  const unique = new Map<string, Composition>();
  for (const composition of compositions) unique.set(compositionStem(composition), composition);
  const queue = [...unique.values()];
  const backgroundOf = createBackgrounds();
  const cache = createArtworkCache(cacheDir);
  let drawn = 0;
  const draw = async (composition: Composition) => {
    // Drawn once at full size; each width is resized from those pixels.
    const background = await backgroundOf(composition);
    const pixels = await sharp(background.data, { raw: background.info })
      .composite([{ input: Buffer.from(itemsSvg(composition)) }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    return (width: number) =>
      sharp(pixels.data, { raw: pixels.info }).resize({ width }).webp(WEBP).toBuffer();
  };
  const worker = async () => {
    for (let composition = queue.shift(); composition; composition = queue.shift()) {
      if (onlyMissing && (await storage.read(pictureKey(composition)))) continue;
      let encode: ((width: number) => Promise<Buffer>) | undefined;
      for (const width of PRODUCT_IMAGE_WIDTHS) {
        let webp = await cache.read(composition, width);
        if (!webp) {
          encode ??= await draw(composition);
          webp = await encode(width);
          await cache.keep(composition, width, webp);
        }
        await storage.put(pictureKey(composition, width), webp, 'image/webp');
      }
      drawn++;
    }
  };
  await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, worker));
  return drawn;
}
