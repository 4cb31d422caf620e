import { randomBytes } from 'node:crypto';
import { PERSONALISATION_MESSAGES, photoKeyOf } from '../../../shared/personalisation-rules';
import type { ImageStorage } from '../../storage/image-storage';
import { jpegForPrint, reencodeImage } from '../../storage/images';

// Large enough to print on a mug or a cushion, small enough to keep storage modest.
const PHOTO_MAX_SIDE = 2000;

/**
 * Checks that the bytes are a JPEG or PNG (their signature and header; the file name and declared
 * type are not trusted) of at most 40 megapixels, then stores one WebP copy under `personalisations/` with a random name that
 * cannot be guessed. Re-encoding drops metadata such as the camera's location. Answers the path
 * the photo is served at, which is the reference a cart line carries.
 */
export async function storePersonalisationPhoto(storage: ImageStorage, bytes: Buffer): Promise<string> {
  const [webp] = await reencodeImage(
    bytes,
    { accept: ['jpeg', 'png'], typeMessage: PERSONALISATION_MESSAGES.photoType, quality: 85 },
    [PHOTO_MAX_SIDE],
  );
  if (!webp) throw new Error('Re-encoding a photo answered no copy');
  return storage.put(`personalisations/${randomBytes(16).toString('hex')}.webp`, webp, 'image/webp');
}

/** Whether a photo reference names a photo this store has stored. */
export async function personalisationPhotoExists(storage: ImageStorage, reference: string): Promise<boolean> {
  const key = photoKeyOf(reference);
  if (!key) return false;
  // The path must be the one this storage serves it at (a local path with S3 would not show).
  if (!reference.startsWith(storage.kind === 's3' ? '/media/' : '/uploads/')) return false;
  return (await storage.read(key)) !== null;
}

// A slip's photo is printed about 3 cm wide: 600 pixels is sharp at that size.
const PRINT_SIDE = 600;

/**
 * Decision 0080: a shopper's photo as the packing slip prints it (a JPEG), or null when the
 * reference names no photo this store holds.
 */
export async function personalisationPhotoForPrint(
  storage: ImageStorage,
  reference: string,
): Promise<Buffer | null> {
  const key = photoKeyOf(reference);
  const stored = key ? await storage.read(key) : null;
  return stored ? jpegForPrint(stored.bytes, PRINT_SIDE) : null;
}
