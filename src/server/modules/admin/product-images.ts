import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_TYPE_MESSAGE } from '../../../shared/api/admin';
import { PRODUCT_IMAGE_WIDTHS } from '../../../shared/product-images';
import { invalid } from '../../errors';
import type { ImageStorage } from '../../storage/image-storage';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks what the bytes are (sharp reads the header; the file name and declared type are not
 * trusted), then stores WebP copies at each width under `products/` in the image storage (a
 * folder in DATA_DIR or a bucket). Answers the public path of the widest copy.
 */
export async function storeProductImage(
  storage: ImageStorage,
  productId: number,
  bytes: Buffer,
): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw invalid(IMAGE_TYPE_MESSAGE, [{ path: 'file', message: IMAGE_TYPE_MESSAGE }]);

  // A new name per upload (also across instances), so browsers and caches never show the previous
  // picture and a stored key is never rewritten.
  const stem = `p${productId}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  let widest = '';
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    const name = `${stem}-${width}.webp`;
    const webp = await sharp(bytes)
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    widest = await storage.put(`products/${name}`, webp, 'image/webp');
  }
  return widest;
}
