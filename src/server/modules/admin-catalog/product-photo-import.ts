import type { PhotoZipResult } from '../../../shared/api/admin';
import { MAX_PRODUCT_IMAGES } from '../../../shared/product-images';
import type { Db } from '../../db/client';
import { AppError, invalid } from '../../errors';
import type { ImageStorage } from '../../storage/image-storage';
import { productsBySkus } from '../catalog';
import type { AdminCatalogService } from './admin-catalog-service';
import type { ProductCsvPool } from './product-csv-pool';
import { storeProductImage } from './product-images';

type Placed = {
  name: string;
  productId: number;
  productName: string;
  position: number;
  bytes: Uint8Array | null;
};

/**
 * Decision 0077: each photo of the zip on its product by SKU: 'DIYA-01.jpg' is the main photo of
 * the product whose SKU is DIYA-01, 'DIYA-01-2.jpg' its second. The whole name is tried as a SKU
 * first, so a SKU that itself ends in '-2' still matches.
 */
async function placePhotos(db: Db, pool: ProductCsvPool, zip: Buffer, unpack: boolean) {
  const reading = await pool.readPhotoZip(zip, unpack);
  if ('refused' in reading) throw invalid(reading.refused);
  const stems = reading.entries.flatMap((entry) => ('stem' in entry ? [entry.stem] : []));
  const candidates = [...new Set(stems.flatMap((stem) => [stem, stem.replace(/-\d{1,2}$/, '')]))].map(
    (stem) => stem.toLowerCase(),
  );
  const owners = await productsBySkus(db, candidates);
  const bySku = new Map(owners.map((owner) => [owner.sku!.toLowerCase(), owner]));
  const photos: PhotoZipResult['photos'] = [];
  const placed: Placed[] = [];
  const taken = new Set<string>();
  for (const entry of reading.entries) {
    if ('error' in entry) {
      photos.push({ name: entry.name, productId: null, productName: '', position: null, error: entry.error });
      continue;
    }
    const whole = bySku.get(entry.stem.toLowerCase());
    const numbered = /^(.*)-(\d{1,2})$/.exec(entry.stem);
    const owner = whole ?? (numbered ? bySku.get(numbered[1]!.toLowerCase()) : undefined);
    const position = whole ? 1 : Number(numbered?.[2] ?? 0);
    let error = '';
    if (!owner)
      error = `No product has the SKU ${numbered && !whole ? `${numbered[1]} or ${entry.stem}` : entry.stem}`;
    else if (position < 1 || position > MAX_PRODUCT_IMAGES)
      error = `A product has at most ${MAX_PRODUCT_IMAGES} photos`;
    else if (taken.has(`${owner.id}:${position}`))
      error = 'Another photo in the zip has the same SKU and number';
    if (owner && !error) {
      taken.add(`${owner.id}:${position}`);
      placed.push({
        name: entry.name,
        productId: owner.id,
        productName: owner.name,
        position,
        bytes: entry.bytes,
      });
    }
    photos.push({
      name: entry.name,
      productId: owner?.id ?? null,
      productName: owner?.name ?? '',
      position: error ? null : position,
      error,
    });
  }
  return { photos, placed };
}

const productsOf = (placed: readonly Placed[]) => new Set(placed.map((photo) => photo.productId)).size;

/** What the zip would do, photo by photo; nothing is stored. */
export async function previewPhotoZip(db: Db, pool: ProductCsvPool, zip: Buffer): Promise<PhotoZipResult> {
  const { photos, placed } = await placePhotos(db, pool, zip, false);
  return { photos, products: productsOf(placed), applied: false };
}

/**
 * Stores each photo (checked and re-encoded as any upload is: its bytes must be a JPEG, PNG or
 * WebP within the pixel limit) and gives each product the zip's photos in their order.
 */
export async function importPhotoZip(
  db: Db,
  catalog: AdminCatalogService,
  storage: ImageStorage,
  pool: ProductCsvPool,
  zip: Buffer,
): Promise<PhotoZipResult> {
  const { photos, placed } = await placePhotos(db, pool, zip, true);
  const stored = new Map<number, { position: number; path: string }[]>();
  for (const photo of placed) {
    const row = photos.find((each) => each.name === photo.name)!;
    try {
      if (!photo.bytes) throw invalid('The photo could not be read from the zip');
      const path = await storeProductImage(storage, photo.productId, Buffer.from(photo.bytes));
      stored.set(photo.productId, [
        ...(stored.get(photo.productId) ?? []),
        { position: photo.position, path },
      ]);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      row.error = error.message;
      row.position = null;
    }
  }
  for (const [productId, list] of stored) {
    const images = list.sort((a, b) => a.position - b.position).map((photo) => photo.path);
    await catalog.updateProduct(productId, { images });
  }
  return { photos, products: stored.size, applied: true };
}
