import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportReport } from '../../../shared/api/admin';
import { products } from '../../db/schema';
import { createTestProduct } from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, admin: true });

const post = (path: string, text: string) =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/products/${path}`,
    headers: { ...store.admin.headers, 'content-type': 'text/csv' },
    payload: text,
  });

describe('the product CSV preview (decision 0077)', () => {
  it('previews 19 changes and 1 error row by row and applies nothing until Apply', async () => {
    const existing = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createTestProduct(store.database, { name: `Brass Diya ${index + 1}`, priceRupees: 200 }),
      ),
    );
    const rows = [
      'id,name,price,mrp,category',
      // All ten repriced from ₹200 to ₹249.
      ...existing.map((product) => `${product.id},${product.name},249,299,return-gifts`),
      // Nine new products and one whose price is not a number.
      ...Array.from({ length: 9 }, (_, index) => `,Jute Potli Bag ${index + 1},79,99,return-gifts`),
      ',Clay Diya,seventy,99,return-gifts',
    ];
    const file = `${rows.join('\r\n')}\r\n`;
    const countNow = async () => (await store.database.db.select({ id: products.id }).from(products)).length;
    const before = await countNow();

    const previewed = await post('import/preview', file);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json<ImportPreview>();
    expect(preview.counts).toEqual({ new: 9, changed: 10, unchanged: 0, error: 1 });
    expect(preview.rows.filter((row) => row.action === 'new' || row.action === 'changed')).toHaveLength(19);
    expect(preview.rows[0]).toEqual({
      row: 2,
      action: 'changed',
      productId: existing[0]!.id,
      name: 'Brass Diya 1',
      changes: ['price', 'mrp'],
      message: '',
    });
    expect(preview.rows[10]).toMatchObject({ row: 12, action: 'new', name: 'Jute Potli Bag 1' });
    expect(preview.rows[19]).toMatchObject({ row: 21, action: 'error', name: '' });
    expect(preview.rows[19]?.message).toMatch(/^price: /);

    // Nothing applied: no new product, every price as it was.
    expect(await countNow()).toBe(before);
    const prices = await store.database.db
      .select({ price: products.pricePaise })
      .from(products)
      .where(
        inArray(
          products.id,
          existing.map((product) => product.id),
        ),
      );
    expect(prices.every((row) => row.price === 20000)).toBe(true);

    // Apply: the same file goes in, the bad row reported by its line.
    const applied = await post('import', file);
    expect(applied.json<ImportReport>()).toMatchObject({ created: 9, updated: 10 });
    expect(applied.json<ImportReport>().errors.map((error) => error.row)).toEqual([21]);
    expect(await countNow()).toBe(before + 9);
    const [repriced] = await store.database.db
      .select({ price: products.pricePaise })
      .from(products)
      .where(eq(products.id, existing[0]!.id));
    expect(repriced?.price).toBe(24900);
  });

  it('names a missing product and a SKU another product has', async () => {
    const owner = await createTestProduct(store.database, { name: 'Kumkum Box' });
    await store.database.db.update(products).set({ sku: 'KUM-01' }).where(eq(products.id, owner.id));
    const preview = (
      await post(
        'import/preview',
        'id,name,price,mrp,category,sku\r\n999999,Ghost,10,10,return-gifts,\r\n,Copy,10,10,return-gifts,KUM-01\r\n',
      )
    ).json<ImportPreview>();
    expect(preview.rows.map((row) => row.message)).toEqual([
      'No product has id 999999',
      `sku: already used by product ${owner.id}`,
    ]);
  });
});
