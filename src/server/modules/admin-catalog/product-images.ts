import { randomBytes } from 'node:crypto';
import { IMAGE_TYPE_MESSAGE } from '../../../shared/api/admin';
import { PRODUCT_IMAGE_WIDTHS, productImageKey } from '../../../shared/product-images';
import type { ImageStorage } from '../../storage/image-storage';
import { reencodeImage } from '../../storage/images';

/**
 * Checks what the bytes are (their signature and header; the file name and declared type are not
 * trusted) and their size, then stores WebP copies at each width under `products/` in the
 * image storage (a folder in DATA_DIR or a bucket). Answers the public path of the widest copy.
 */
export async function storeProductImage(
  storage: ImageStorage,
  /** Null for a photo added to a product not saved yet (photos at creation). */
  productId: number | null,
  bytes: Buffer,
): Promise<string> {
  const copies = await reencodeImage(
    bytes,
    { accept: ['jpeg', 'png', 'webp'], typeMessage: IMAGE_TYPE_MESSAGE, quality: 80 },
    PRODUCT_IMAGE_WIDTHS,
  );
  // A new name per upload (also across instances), so browsers and caches never show the previous
  // picture and a stored key is never rewritten.
  const stem = `${productId === null ? 'new' : `p${productId}`}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  let widest = '';
  for (const [index, width] of PRODUCT_IMAGE_WIDTHS.entries()) {
    const webp = copies[index] as Buffer;
    widest = await storage.put(productImageKey(stem, width), webp, 'image/webp');
  }
  return widest;
}
