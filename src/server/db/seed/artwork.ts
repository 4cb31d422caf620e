// Product, category and collection images are drawn here as small SVGs (DESIGN 4: no image is
// fetched from the internet), so a fresh clone shows a complete, colourful store offline.
import fs from 'node:fs/promises';
import path from 'node:path';

export type Motif =
  | 'balloon'
  | 'rings'
  | 'moon'
  | 'house'
  | 'diya'
  | 'rakhi'
  | 'briefcase'
  | 'star'
  | 'lotus'
  | 'heart'
  | 'giftbox'
  | 'leaf';

type Palette = { light: string; deep: string; main: string; accent: string; ink: string };

/** Marigold, deep pink, turmeric, leaf green and royal blue: the festive colours of the store. */
const PALETTES: readonly Palette[] = [
  { light: '#FFF3D6', deep: '#FDBA4D', main: '#E8590C', accent: '#C2185B', ink: '#7A2A0C' },
  { light: '#FFE4EF', deep: '#F48FB1', main: '#C2185B', accent: '#F5B700', ink: '#5B0E2D' },
  { light: '#FFF8D9', deep: '#F7C948', main: '#D97706', accent: '#2E7D32', ink: '#5A3E00' },
  { light: '#E8F5E9', deep: '#8BC98E', main: '#2E7D32', accent: '#F59E0B', ink: '#1B4D1F' },
  { light: '#E3ECFF', deep: '#8FAAF0', main: '#1E3A8A', accent: '#F59E0B', ink: '#0F1F4D' },
];

function petals(count: number, distance: number, radius: number, fill: string): string {
  let circles = '';
  for (let index = 0; index < count; index++) {
    const angle = (index / count) * Math.PI * 2;
    const x = Math.round(Math.cos(angle) * distance);
    const y = Math.round(Math.sin(angle) * distance);
    circles += `<circle cx="${x}" cy="${y}" r="${radius}" fill="${fill}"/>`;
  }
  return circles;
}

/** Each motif is drawn around (0, 0) within about 300 x 300 units. */
const MOTIFS: Record<Motif, (palette: Palette) => string> = {
  balloon: ({ main, accent, ink }) =>
    `<path d="M-70 40Q-60 110-40 150M60 30Q50 100 30 150M0 10V150" stroke="${ink}" stroke-width="3" fill="none"/>` +
    `<ellipse cx="-70" cy="-40" rx="62" ry="78" fill="${accent}"/><ellipse cx="60" cy="-50" rx="62" ry="78" fill="#F5B700"/>` +
    `<ellipse cx="0" cy="-80" rx="66" ry="82" fill="${main}"/><circle cx="-20" cy="-115" r="14" fill="#fff" opacity=".5"/>`,
  rings: ({ main, accent }) =>
    `<circle cx="-50" cy="10" r="80" fill="none" stroke="${main}" stroke-width="22"/>` +
    `<circle cx="50" cy="10" r="80" fill="none" stroke="#F5B700" stroke-width="22"/>` +
    `<path d="M-50-70l-16-26h32z" fill="${accent}"/>`,
  moon: ({ main, accent }) =>
    `<path d="M40-113A120 120 0 1 0 40 113A140 140 0 0 1 40-113z" fill="${main}"/>` +
    `<path d="M70-60l12 26 28 3-21 19 6 28-25-15-25 15 6-28-21-19 28-3z" fill="${accent}"/>`,
  house: ({ main, accent, ink }) =>
    `<path d="M-130-10L0-120 130-10z" fill="${accent}"/><rect x="-100" y="-10" width="200" height="140" fill="${main}"/>` +
    `<rect x="-25" y="50" width="50" height="80" rx="25" fill="${ink}"/><path d="M-100 0H100" stroke="#F5B700" stroke-width="10" stroke-dasharray="10 12"/>`,
  diya: ({ main, accent }) =>
    `<path d="M0-140C45-85 35-35 0-15C-35-35-45-85 0-140z" fill="#F5B700"/><ellipse cx="0" cy="-50" rx="14" ry="28" fill="#FFF3B0"/>` +
    `<path d="M-140 0Q0 150 140 0z" fill="${main}"/><path d="M-110 20Q0 110 110 20" fill="none" stroke="${accent}" stroke-width="8" stroke-dasharray="4 14" stroke-linecap="round"/>`,
  rakhi: ({ main, accent }) =>
    `<path d="M-150 0H150" stroke="${accent}" stroke-width="10"/>${petals(10, 62, 30, main)}` +
    `<circle r="48" fill="#F5B700"/><circle r="20" fill="${accent}"/>`,
  briefcase: ({ main, accent, ink }) =>
    `<rect x="-45" y="-110" width="90" height="50" rx="14" fill="none" stroke="${ink}" stroke-width="14"/>` +
    `<rect x="-130" y="-70" width="260" height="180" rx="20" fill="${main}"/><rect x="-130" y="-10" width="260" height="14" fill="${accent}"/>` +
    `<rect x="-18" y="-22" width="36" height="36" rx="6" fill="#F5B700"/>`,
  star: ({ main, accent }) =>
    `<path d="M0-140L33-46 132-44 53 16 82 112 0 55-82 112-53 16-132-44-33-46z" fill="${main}"/>` +
    `<circle r="30" fill="${accent}"/>`,
  lotus: ({ main, accent }) =>
    `<g fill="${main}"><ellipse rx="34" ry="100" transform="translate(0 -40)"/>` +
    `<ellipse rx="32" ry="92" transform="translate(-45 -20) rotate(-35)"/><ellipse rx="32" ry="92" transform="translate(45 -20) rotate(35)"/></g>` +
    `<g fill="${accent}"><ellipse rx="28" ry="80" transform="translate(-85 20) rotate(-68)"/><ellipse rx="28" ry="80" transform="translate(85 20) rotate(68)"/></g>` +
    `<path d="M-120 70H120" stroke="#F5B700" stroke-width="12" stroke-linecap="round"/>`,
  heart: ({ main, accent }) =>
    `<path d="M0 120C-170 10-120-140 0-60C120-140 170 10 0 120z" fill="${main}"/>` +
    `<ellipse cx="-60" cy="-45" rx="24" ry="14" transform="rotate(-35 -60 -45)" fill="#fff" opacity=".45"/><circle cx="70" cy="-110" r="14" fill="${accent}"/>`,
  giftbox: ({ main, accent }) =>
    `<rect x="-120" y="-40" width="240" height="160" rx="10" fill="${main}"/><rect x="-135" y="-80" width="270" height="50" rx="10" fill="${main}"/>` +
    `<rect x="-18" y="-80" width="36" height="200" fill="${accent}"/>` +
    `<ellipse cx="-45" cy="-100" rx="45" ry="24" fill="${accent}"/><ellipse cx="45" cy="-100" rx="45" ry="24" fill="${accent}"/>`,
  leaf: ({ main, accent }) =>
    `<path d="M-120 110C-130-50 30-130 130-130C125-20 50 120-120 110z" fill="${main}"/>` +
    `<path d="M-110 100C-40 20 30-40 110-110" fill="none" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>`,
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Long labels break onto two lines at the space nearest the middle. */
function labelLines(label: string): string[] {
  if (label.length <= 18) return [label];
  const middle = label.length / 2;
  let best = -1;
  for (let index = 0; index < label.length; index++) {
    if (label[index] === ' ' && (best < 0 || Math.abs(index - middle) < Math.abs(best - middle)))
      best = index;
  }
  return best < 0 ? [label] : [label.slice(0, best), label.slice(best + 1)];
}

export type Artwork = { motif: Motif; label: string; palette: number };

/** A 600 x 600 SVG of about 1.5 KB: soft background, dotted border, motif and label. */
function renderArtwork({ motif, label, palette: paletteIndex }: Artwork): string {
  const palette = PALETTES[((paletteIndex % PALETTES.length) + PALETTES.length) % PALETTES.length]!;
  const lines = labelLines(label);
  const fontSize = lines.some((line) => line.length > 16) ? 38 : 44;
  const firstY = lines.length === 1 ? 515 : 490;
  const text = lines
    .map(
      (line, index) =>
        `<text x="300" y="${firstY + index * (fontSize + 6)}" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="${fontSize}" font-weight="700" fill="${palette.ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><radialGradient id="g" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${palette.light}"/><stop offset="1" stop-color="${palette.deep}"/></radialGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>` +
    `<rect x="24" y="24" width="552" height="552" rx="40" fill="none" stroke="${palette.accent}" stroke-width="7" stroke-dasharray="1 17" stroke-linecap="round"/>` +
    `<g fill="${palette.main}" opacity=".35"><circle cx="70" cy="70" r="16"/><circle cx="530" cy="70" r="16"/><circle cx="70" cy="530" r="16"/><circle cx="530" cy="530" r="16"/></g>` +
    `<g transform="translate(300 ${lines.length === 1 ? 250 : 235})">${MOTIFS[motif](palette)}</g>` +
    `${text}</svg>`
  );
}

export type ArtworkFile = { path: string; artwork: Artwork };

/** Image files of one product artwork slot: the main image and its colourways. */
export function productArtworkFiles(slot: {
  slot: number;
  label: string;
  motif: Motif;
  palette: number;
  variants: number;
}): ArtworkFile[] {
  const files: ArtworkFile[] = [
    {
      path: `/uploads/products/${slot.slot}.svg`,
      artwork: { motif: slot.motif, label: slot.label, palette: slot.palette },
    },
  ];
  for (let variant = 2; variant <= slot.variants + 1; variant++) {
    files.push({
      path: `/uploads/products/${slot.slot}-${variant}.svg`,
      artwork: { motif: slot.motif, label: slot.label, palette: slot.palette + variant - 1 },
    });
  }
  return files;
}

/**
 * Writes the files under dataDir (`/uploads/x.svg` lands in `<dataDir>/uploads/x.svg`). With
 * `overwrite: false` only missing files are written, which restores artwork on a new machine
 * without touching anything that is already there.
 */
export async function writeArtworkFiles(
  dataDir: string,
  files: readonly ArtworkFile[],
  { overwrite = true }: { overwrite?: boolean } = {},
): Promise<number> {
  const folders = new Set(files.map((file) => path.dirname(path.join(dataDir, file.path))));
  await Promise.all([...folders].map((folder) => fs.mkdir(folder, { recursive: true })));
  const written = await Promise.all(
    files.map(async (file) => {
      try {
        await fs.writeFile(path.join(dataDir, file.path), renderArtwork(file.artwork), {
          flag: overwrite ? 'w' : 'wx',
        });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    }),
  );
  return written.filter(Boolean).length;
}
