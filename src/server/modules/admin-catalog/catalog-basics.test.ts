import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  type AdminCategory,
  type AdminProduct,
  type AdminProductList,
  SKU_TAKEN_MESSAGE,
  type UploadedProductImage,
} from '../../../shared/api/admin';
import type { Category, Product, ProductList } from '../../../shared/api/catalog';
import { products } from '../../db/schema';
import { multipartFile, productPhoto } from '../../testing/admin-fixtures';
import { testCategory } from '../../testing/order-fixtures';
import { createTestApp } from '../../testing/test-app';
import { openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';

// Catalogue basics: SKUs, several photos in the owner's order, true counts per category, and a
// change seen by every instance at its next request.

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, admin: true });

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: store.admin.headers, ...(payload ? { payload } : {}) });

async function newProduct(fields: Record<string, unknown>) {
  const response = await admin('POST', '/api/admin/products', { price: 299, mrp: 349, stock: 5, ...fields });
  return response;
}
const productOf = (response: { json<T>(): T }) => response.json<{ product: AdminProduct }>().product;

async function uploadPhoto(): Promise<string> {
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/admin/product-images',
    ...multipartFile(await productPhoto(), 'photo.png', 'image/png', store.admin.headers),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UploadedProductImage>().image;
}

describe('SKUs', () => {
  it('keeps each SKU on one product, and the product list finds a product by it', async () => {
    const { id: categoryId } = await testCategory(store.database, 'Return Gifts');
    const first = await newProduct({ name: 'Brass Diya', categoryId, sku: ' UG-DIYA-01 ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(productOf(first).sku).toBe('UG-DIYA-01');

    const again = await newProduct({ name: 'Another Diya', categoryId, sku: 'UG-DIYA-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(SKU_TAKEN_MESSAGE);
    const other = productOf(await newProduct({ name: 'Jute Bag', categoryId, sku: 'UG-BAG-07' }));
    const taken = await admin('PATCH', `/api/admin/products/${other.id}`, { sku: 'UG-DIYA-01' });
    expect(taken.statusCode).toBe(409);
    expect(productOf(await admin('GET', `/api/admin/products/${other.id}`)).sku).toBe('UG-BAG-07');

    // No SKU is no SKU, on as many products as there are.
    for (const name of ['Tea Light', 'Rangoli Kit']) {
      const created = await newProduct({ name, categoryId, sku: '' });
      expect(productOf(created).sku).toBeNull();
    }
    const bad = await newProduct({ name: 'Odd', categoryId, sku: 'has space' });
    expect(bad.statusCode).toBe(400);

    const found = (await admin('GET', '/api/admin/products?q=ug-diya')).json<AdminProductList>();
    expect(found.data.map((product) => product.name)).toEqual(['Brass Diya']);
  });

  it('exports the SKU and GST columns, and an import without them still works', async () => {
    const { id: categoryId } = await testCategory(store.database, 'Return Gifts');
    productOf(
      await newProduct({ name: 'Kumkum Box', categoryId, sku: 'UG-KUM-1', hsnCode: '4202', gstRate: 12 }),
    );
    const exported = (await admin('GET', '/api/admin/products/export.csv')).body;
    const [header, ...rows] = exported.split('\r\n');
    expect(header).toContain(',quantityTiers,sku,hsnCode,gstRate');
    expect(rows.find((row) => row.includes('Kumkum Box'))).toContain(',UG-KUM-1,4202,12');

    const importCsv = (csv: string) =>
      store.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        headers: { ...store.admin.headers, 'content-type': 'text/csv' },
        payload: csv,
      });
    const old = await importCsv(
      'name,price,mrp,category,stock\r\nCoconut Shell Bowl,199,249,return-gifts,4\r\n',
    );
    expect(old.json()).toEqual({ created: 1, updated: 0, errors: [] });
    const withGst = await importCsv(
      'name,price,mrp,category,sku,hsnCode,gstRate\r\nSandal Soap,120,120,return-gifts,UG-SOAP-2,3401,18%\r\nSecond Soap,120,120,return-gifts,UG-SOAP-2,,\r\n',
    );
    expect(withGst.json()).toEqual({
      created: 1,
      updated: 0,
      errors: [{ row: 3, message: SKU_TAKEN_MESSAGE }],
    });
    const soap = (await admin('GET', '/api/admin/products?q=UG-SOAP-2')).json<AdminProductList>().data[0];
    expect(soap).toMatchObject({ name: 'Sandal Soap', hsnCode: '3401', gstRate: 18 });
  });
});

describe('photos', () => {
  it('takes several photos at creation and keeps the order the owner gives, first as the main one', async () => {
    const { id: categoryId } = await testCategory(store.database, 'Return Gifts');
    const [a, b, c] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    expect(a).toMatch(/^\/uploads\/products\/new-[a-z0-9]+-600w\.webp$/);
    const created = productOf(await newProduct({ name: 'Peacock Diya', categoryId, images: [c, a, b] }));
    expect(created).toMatchObject({ images: [c, a, b], image: c });

    const reordered = productOf(
      await admin('PATCH', `/api/admin/products/${created.id}`, { images: [b, c] }),
    );
    expect(reordered).toMatchObject({ images: [b, c], image: b });
    const shown = (await store.app.inject({ url: `/api/products/${created.id}` })).json<{
      product: Product;
    }>();
    expect(shown.product).toMatchObject({ image: b, images: [b, c] });

    const outside = await admin('PATCH', `/api/admin/products/${created.id}`, {
      images: ['https://elsewhere.example/x.webp'],
    });
    expect(outside.statusCode).toBe(400);
    const tooMany = await admin('PATCH', `/api/admin/products/${created.id}`, { images: Array(13).fill(a) });
    expect(tooMany.statusCode).toBe(400);
    expect(productOf(await admin('GET', `/api/admin/products/${created.id}`)).images).toEqual([b, c]);
  });
});

describe('products per category', () => {
  it('counts each category’s own products: the storefront its visible ones, the back office all', async () => {
    const lamps = await testCategory(store.database, 'Count Lamps');
    const bags = await testCategory(store.database, 'Count Bags');
    for (const name of ['Lamp One', 'Lamp Two', 'Lamp Three'])
      await newProduct({ name, categoryId: lamps.id });
    const bag = productOf(await newProduct({ name: 'Bag One', categoryId: bags.id }));
    await admin('PATCH', `/api/admin/products/${bag.id}`, { archived: true });
    await newProduct({ name: 'Bag Two', categoryId: bags.id });

    const back = (await admin('GET', '/api/admin/categories')).json<{ data: AdminCategory[] }>().data;
    expect(back.find((category) => category.id === lamps.id)?.productCount).toBe(3);
    expect(back.find((category) => category.id === bags.id)?.productCount).toBe(2);
    const front = (await store.app.inject({ url: '/api/categories' })).json<Category[]>();
    expect(front.find((category) => category.id === lamps.id)?.productCount).toBe(3);
    expect(front.find((category) => category.id === bags.id)?.productCount).toBe(1);
  });
});

describe(`a catalogue change on one instance (${TWO_INSTANCES_ON})`, () => {
  it('is seen by another instance on one database at its next request', async () => {
    const secondDatabase = await openSecondConnection(store.database);
    const second = await createTestApp(secondDatabase, { env: { BACKGROUND_JOBS: 'false' } });
    try {
      const { id: categoryId } = await testCategory(store.database, 'Two Instances');
      const product = productOf(await newProduct({ name: 'Marigold Toran', categoryId }));
      const listing = async () =>
        (await second.inject({ url: '/api/products?category=two-instances' })).json<ProductList>().data;
      const countHere = async () =>
        (await second.inject({ url: '/api/categories' }))
          .json<Category[]>()
          .find((category) => category.id === categoryId)?.productCount;
      // The second instance has the listing (and the count) in its caches.
      expect((await listing()).map((shown) => shown.name)).toEqual(['Marigold Toran']);
      expect(await countHere()).toBe(1);
      expect((await listing()).map((shown) => shown.name)).toEqual(['Marigold Toran']);

      // A stock change (an order's, told through the catalogue service) is seen as well.
      const stockThere = async () =>
        (await second.inject({ url: `/api/products/${product.id}` })).json<{ product: Product }>().product
          .stock;
      expect(await stockThere()).toBe(5);
      await store.database.db.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
      await store.app.catalog.stockChanged();
      expect(await stockThere()).toBe(2);

      await admin('PATCH', `/api/admin/products/${product.id}`, { archived: true });
      expect(await listing()).toEqual([]);
      expect(await countHere()).toBe(0);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });

  it('is looked for once by requests that arrive together (never on the embedded database), and still seen by the next one', async () => {
    const secondDatabase = await openSecondConnection(store.database);
    // The same database, with the catalogue's looks at the version sequences counted.
    let looks = 0;
    const dialect = new PgDialect();
    const db = new Proxy(secondDatabase.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (query: Parameters<typeof target.execute>[0]) => {
          const text = typeof query === 'string' ? query : dialect.sqlToQuery(query.getSQL()).sql;
          if (text.includes('catalog_version_seq')) looks += 1;
          return target.execute(query);
        };
      },
    });
    const second = await createTestApp({ ...secondDatabase, db }, { env: { BACKGROUND_JOBS: 'false' } });
    try {
      const { id: categoryId } = await testCategory(store.database, 'Crowded Shelf');
      productOf(await newProduct({ name: 'Brass Bell', categoryId }));
      const listing = async (page: number) =>
        (
          await second.inject({ url: `/api/products?category=crowded-shelf&page=${page}` })
        ).json<ProductList>();
      await listing(1);

      looks = 0;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => listing(index + 1)));
      expect(answers[0]?.data.map((shown) => shown.name)).toEqual(['Brass Bell']);
      if (secondDatabase.kind === 'postgres') {
        expect(looks).toBeGreaterThan(0);
        expect(looks).toBeLessThan(10);
      } else {
        // The embedded database has one process: its changes are counted in memory.
        expect(looks).toBe(0);
      }

      productOf(await newProduct({ name: 'Brass Diya', categoryId }));
      expect((await listing(1)).data.map((shown) => shown.name).sort()).toEqual(['Brass Bell', 'Brass Diya']);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });
});
