import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PhotoZipResult } from '../../../shared/api/admin';
import { products } from '../../db/schema';
import { createTestProduct } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';
import { PHOTO_ZIP_MESSAGES } from './product-photo-zip';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, admin: true });

const photo = (format: 'jpeg' | 'png' | 'webp', background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

const send = (path: string, zip: Uint8Array) =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/products/${path}`,
    headers: { ...store.admin.headers, 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });

async function productWithSku(name: string, sku: string) {
  const product = await createTestProduct(store.database, { name });
  await store.database.db.update(products).set({ sku }).where(eq(products.id, product.id));
  return product;
}

const imagesOf = async (id: number) =>
  (await store.database.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('photos by SKU from a zip (decision 0077)', () => {
  it('previews three photos on their products, then puts them there on Apply', async () => {
    const diya = await productWithSku('Brass Diya', 'DIYA-01');
    const potli = await productWithSku('Jute Potli Bag', 'POTLI-7');
    const before = await imagesOf(diya.id);
    const zip = zipSync({
      'DIYA-01.jpg': await photo('jpeg', '#f59e0b'),
      'DIYA-01-2.png': await photo('png', '#b45309'),
      'potli-7.webp': await photo('webp', '#166534'),
    });

    const previewed = await send('photos-zip/preview', zip);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json<PhotoZipResult>()).toEqual({
      photos: [
        { name: 'DIYA-01.jpg', productId: diya.id, productName: 'Brass Diya', position: 1, error: '' },
        { name: 'DIYA-01-2.png', productId: diya.id, productName: 'Brass Diya', position: 2, error: '' },
        { name: 'potli-7.webp', productId: potli.id, productName: 'Jute Potli Bag', position: 1, error: '' },
      ],
      products: 2,
      applied: false,
    });
    expect((await imagesOf(diya.id)).image).toBe(before.image);

    const applied = await send('photos-zip', zip);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<PhotoZipResult>()).toMatchObject({ products: 2, applied: true });
    const after = await imagesOf(diya.id);
    expect(after.images).toHaveLength(2);
    expect(after.image).toBe(after.images[0]);
    expect(after.image).toMatch(new RegExp(`^/uploads/products/p${diya.id}-`));
    expect(after.image).not.toBe(before.image);
    expect((await imagesOf(potli.id)).images).toHaveLength(1);
  });

  it('leaves out paths, what is not a photo, a bomb and an unknown SKU, each with its reason', async () => {
    await productWithSku('Kumkum Box', 'KUM-01');
    const zip = zipSync({
      '../KUM-01.jpg': await photo('jpeg', '#991b1b'),
      'photos/KUM-01.jpg': await photo('jpeg', '#991b1b'),
      'readme.txt': new TextEncoder().encode('Photos for Diwali'),
      // 4 MB of zeros squeezes to a few kilobytes: no photo does that.
      'KUM-01-3.jpg': new Uint8Array(4 * 1024 * 1024),
      'NOSUCH-9.jpg': await photo('jpeg', '#1e3a8a'),
    });
    const previewed = await send('photos-zip/preview', zip);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json<PhotoZipResult>().photos.map((row) => [row.name, row.error])).toEqual([
      ['../KUM-01.jpg', PHOTO_ZIP_MESSAGES.path],
      ['photos/KUM-01.jpg', PHOTO_ZIP_MESSAGES.path],
      ['readme.txt', PHOTO_ZIP_MESSAGES.notPhoto],
      ['KUM-01-3.jpg', PHOTO_ZIP_MESSAGES.bomb],
      ['NOSUCH-9.jpg', 'No product has the SKU NOSUCH or NOSUCH-9'],
    ]);

    const notZip = await send('photos-zip/preview', new TextEncoder().encode('not a zip at all'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json<{ message: string }>().message).toBe(PHOTO_ZIP_MESSAGES.notZip);
  });
});
