import { unzipSync } from 'fflate';
import { MAX_IMAGE_BYTES } from '../../../shared/product-images';

// Decision 0077: reading a zip of product photos named by SKU ('DIYA-01.jpg', 'DIYA-01-2.jpg'),
// with no database, so that it runs in the catalogue import's worker thread. Only what the zip's
// directory declares is trusted to decide, and nothing is inflated beyond it: fflate writes an
// entry into a buffer of its declared size and never grows it.

/** The largest zip the back office takes in one request. */
export const MAX_PHOTO_ZIP_BYTES = 60 * 1024 * 1024;
/** At most this many photos in one zip. */
export const MAX_PHOTO_ZIP_ENTRIES = 200;
/** What all the photos may add up to once unpacked. */
const MAX_UNPACKED_BYTES = 300 * 1024 * 1024;
/** A photo barely compresses; one that shrinks more than this is a zip bomb, not a photo. */
const MAX_RATIO = 50;

export const PHOTO_ZIP_MESSAGES = {
  notZip: 'The file is not a zip of photos',
  tooMany: `At most ${MAX_PHOTO_ZIP_ENTRIES} photos in one zip; split it into smaller ones`,
  tooBig: 'The photos in this zip add up to too much once unpacked; split it into smaller ones',
  path: 'Folders and paths are not taken: put the photos at the top of the zip',
  notPhoto: 'Not a photo: name it SKU.jpg, SKU-2.jpg (.jpg, .jpeg, .png or .webp)',
  large: `Larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  bomb: 'Compressed far more than a photo can be: left out',
} as const;

const PHOTO_NAME = /^([A-Za-z0-9][A-Za-z0-9._-]{0,63})\.(jpe?g|png|webp)$/i;

/** One entry of the zip: a photo's stem ('DIYA-01-2') and, when unpacked, its bytes; or why not. */
export type ZipEntry =
  | { name: string; stem: string; bytes: Uint8Array | null }
  | { name: string; error: string };
export type PhotoZipReading = { refused: string } | { entries: ZipEntry[] };

/** Lists (and with `unpack`, unpacks) the photos of a zip; folders, macOS's extras and dot files are left out. */
export function readPhotoZip(zip: Uint8Array, unpack: boolean): PhotoZipReading {
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  let refused: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        const name = file.name;
        const base = name.split('/').at(-1) ?? '';
        if (refused || name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.'))
          return false;
        if (entries.length >= MAX_PHOTO_ZIP_ENTRIES) {
          refused = PHOTO_ZIP_MESSAGES.tooMany;
          return false;
        }
        const match = PHOTO_NAME.exec(name);
        let error: string | null = null;
        if (/[/\\:]/.test(name) || name.includes('..')) error = PHOTO_ZIP_MESSAGES.path;
        else if (!match) error = PHOTO_ZIP_MESSAGES.notPhoto;
        else if (file.originalSize > MAX_IMAGE_BYTES) error = PHOTO_ZIP_MESSAGES.large;
        else if (file.originalSize > Math.max(file.size, 1) * MAX_RATIO) error = PHOTO_ZIP_MESSAGES.bomb;
        if (error) {
          entries.push({ name: name.slice(0, 200), error });
          return false;
        }
        unpacked += file.originalSize;
        if (unpacked > MAX_UNPACKED_BYTES) {
          refused = PHOTO_ZIP_MESSAGES.tooBig;
          return false;
        }
        entries.push({ name, stem: match![1]!, bytes: null });
        return unpack;
      },
    });
  } catch {
    return { refused: PHOTO_ZIP_MESSAGES.notZip };
  }
  if (refused) return { refused };
  return {
    entries: entries.map((entry) =>
      'stem' in entry ? { ...entry, bytes: files[entry.name] ?? null } : entry,
    ),
  };
}
