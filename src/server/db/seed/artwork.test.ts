import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_WIDTHS } from '../../../shared/product-images';
import { createLocalImageStorage } from '../../storage/image-storage';
import { pictureKey, storeArtwork } from './artwork';
import { generateCollections, generateProducts } from './catalogue';

// The drawing itself, on a few pictures with a cache of this file's own: the seed tests take the
// few hundred pictures of the demo catalogue from the run's shared cache instead of drawing them.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'artwork-test-'));
const cacheDir = path.join(folder, 'cache');
const [product] = generateProducts(1);
const [collection] = generateCollections();
const productPicture = product!.pictures[0]!;
const collectionPicture = collection!.picture;

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const sizeOf = async (file: string) => {
  const { width, height, format } = await sharp(file).metadata();
  return { width, height, format };
};

describe('storeArtwork', () => {
  it("draws each distinct picture once as WebP at 300, 400 and 600 px, a collection's at 4:3, and keeps every copy in the cache", async () => {
    const uploads = path.join(folder, 'drawn');
    const drawn = await storeArtwork(
      createLocalImageStorage(uploads),
      [productPicture, collectionPicture, productPicture],
      { cacheDir },
    );
    expect(drawn).toBe(2);
    const sizes = await Promise.all(
      PRODUCT_IMAGE_WIDTHS.map((width) => sizeOf(path.join(uploads, pictureKey(productPicture, width)))),
    );
    expect(sizes.map((size) => [size.width, size.format])).toEqual([
      [300, 'webp'],
      [400, 'webp'],
      [600, 'webp'],
    ]);
    // A collection card is 4:3, and so is its picture: nothing of it is cropped away.
    expect(await sizeOf(path.join(uploads, pictureKey(collectionPicture)))).toEqual({
      width: 600,
      height: 450,
      format: 'webp',
    });
    expect(fs.readdirSync(cacheDir)).toHaveLength(2 * PRODUCT_IMAGE_WIDTHS.length);
  });

  it('takes a picture kept in the cache instead of drawing it again', async () => {
    const widest = fs.readFileSync(path.join(folder, 'drawn', pictureKey(productPicture)));
    const cached = fs
      .readdirSync(cacheDir)
      .map((name) => path.join(cacheDir, name))
      .filter((file) => fs.readFileSync(file).equals(widest));
    expect(cached).toHaveLength(1);
    // Other bytes in its place: a drawing would not give them back.
    const marker = fs.readFileSync(path.join(folder, 'drawn', pictureKey(collectionPicture)));
    fs.writeFileSync(cached[0]!, marker);

    const uploads = path.join(folder, 'from-cache');
    await storeArtwork(createLocalImageStorage(uploads), [productPicture], { cacheDir });
    expect(fs.readFileSync(path.join(uploads, pictureKey(productPicture))).equals(marker)).toBe(true);
  });
});
