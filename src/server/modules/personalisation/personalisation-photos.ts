import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PERSONALISATION_MESSAGES, photoKeyOf } from '../../../shared/personalisation-rules';
import { invalid } from '../../errors';
import type { ImageStorage } from '../../storage/image-storage';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png']);
// Large enough to print on a mug or a cushion, small enough to keep storage modest.
const PHOTO_MAX_SIDE = 2000;

/**
 * Checks that the bytes are a JPEG or PNG (sharp reads the header; the file name and declared type
 * are not trusted), then stores one WebP copy under `personalisations/` with a random name that
 * cannot be guessed. Re-encoding drops metadata such as the camera's location. Answers the path
 * the photo is served at, which is the reference a cart line carries.
 */
export async function storePersonalisationPhoto(storage: ImageStorage, bytes: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw invalid(PERSONALISATION_MESSAGES.photoType, [
      { path: 'file', message: PERSONALISATION_MESSAGES.photoType },
    ]);
  }
  const webp = await sharp(bytes)
    .rotate()
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
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
