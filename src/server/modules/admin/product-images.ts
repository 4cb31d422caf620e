import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_TYPE_MESSAGE } from '../../../shared/api/admin';
import { PRODUCT_IMAGE_WIDTHS, uploadedImagePath } from '../../../shared/product-images';
import { invalid } from '../../errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks what the bytes are (sharp reads the header; the file name and declared type are not
 * trusted), then writes WebP copies at each width into `<uploadsDir>/products/`. Answers the
 * public path of the widest copy.
 */
export async function storeProductImage(
  uploadsDir: string,
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

  const folder = path.join(uploadsDir, 'products');
  await fs.mkdir(folder, { recursive: true });
  // A new name per upload, so browsers and caches never show the previous picture.
  const stem = `p${productId}-${Date.now().toString(36)}`;
  let widest = '';
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    const publicPath = uploadedImagePath(stem, width);
    await sharp(bytes)
      .rotate()
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(path.join(folder, path.basename(publicPath)));
    widest = publicPath;
  }
  return widest;
}
