import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminProduct } from '../../../shared/api/admin';
import type { ProductResponse } from '../../../shared/api/catalog';
import type { DispatchJobResponse } from '../../../shared/api/dispatch';
import type { OrderRecord } from '../../../shared/api/orders';
import { type CreateOrderResponse, PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { toRupees } from '../../../shared/money';
import { PERSONALISATION_MESSAGES, type PersonalisationConfig } from '../../../shared/personalisation-rules';
import { quoteShippingPaise } from '../../../shared/shipping';
import { orderItems, orders, products } from '../../db/schema';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../storage/images';
import { multipartFile } from '../../testing/admin-fixtures';
import { pngBomb } from '../../testing/image-bomb';
import {
  createTestProduct,
  seedPincodes,
  TEST_ADDRESS,
  type TestProduct,
} from '../../testing/order-fixtures';
import { drawnText } from '../../testing/pdf-text';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { PERSONALISATION_PHOTO_LIMIT } from './routes';

// Decision 0016: personalisation per product, on both databases (TEST_DATABASE_URL).

const store = setUpTestStore({
  clock: createTestClock('2031-03-10T06:00:00.000Z'),
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

const NAME_ON_TAG: PersonalisationConfig = {
  fields: [{ label: 'Name on tag', maxLength: 20, required: true }],
  photo: 'optional',
};

/** A product made by the owner through the back office, personalisable as given. */
async function personalisableProduct(name: string, personalisation: unknown = NAME_ON_TAG) {
  const plain = await createTestProduct(store.database, { name, stock: 20 });
  const response = await store.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${plain.id}`,
    headers: store.admin.headers,
    payload: { personalisation },
  });
  expect(response.statusCode, response.body).toBe(200);
  return plain;
}

const photoPng = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();

const uploadPhoto = (bytes: Buffer, filename = 'me.png', type = 'image/png', remoteAddress = '127.0.0.1') =>
  store.app.inject({
    method: 'POST',
    url: '/api/personalisation/photos',
    remoteAddress,
    ...multipartFile(bytes, filename, type, {}),
  });

type PersonalisedLine = { product: TestProduct; quantity: number; personalisation?: unknown };

function createOrder(lines: readonly PersonalisedLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.product.pricePaise * line.quantity, 0);
  return store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: store.customer.headers,
    payload: {
      items: lines.map((line) => ({
        productId: line.product.id,
        quantity: line.quantity,
        inStock: true,
        ...(line.personalisation === undefined ? {} : { personalisation: line.personalisation }),
      })),
      totalAmount: toRupees(subtotal + quoteShippingPaise(subtotal).shippingFeePaise),
      shippingAddress: TEST_ADDRESS,
    },
  });
}

const orderCount = () => store.database.db.$count(orders);

describe('personalisation config', () => {
  it('is saved by the owner and returned with the product to shoppers and the back office', async () => {
    const product = await personalisableProduct('Jute Potli Bag with Name Tag');
    const shown = await store.app.inject({ url: `/api/products/${product.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<ProductResponse>().product.personalisation).toEqual(NAME_ON_TAG);
    const owner = await store.app.inject({
      url: `/api/admin/products/${product.id}`,
      headers: store.admin.headers,
    });
    expect(owner.json<{ product: AdminProduct }>().product.personalisation).toEqual(NAME_ON_TAG);

    const off = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: store.admin.headers,
      payload: { personalisation: null },
    });
    expect(off.json<{ product: AdminProduct }>().product.personalisation).toBeNull();
  });

  it('refuses a field longer than 100 characters or two fields with one label, and keeps the old config', async () => {
    const product = await personalisableProduct('Wooden Name Plaque');
    const tooLong = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: store.admin.headers,
      payload: { personalisation: { fields: [{ label: 'Name', maxLength: 101 }], photo: 'off' } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('The maximum length is at most 100');
    const twice = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: store.admin.headers,
      payload: {
        personalisation: {
          fields: [
            { label: 'Name', maxLength: 10 },
            { label: 'Name', maxLength: 10 },
          ],
        },
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(PERSONALISATION_MESSAGES.duplicateLabels);
    const [row] = await store.database.db
      .select({ personalisation: products.personalisation })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.personalisation).toEqual(NAME_ON_TAG);
  });

  it('survives a CSV export and re-import, and an import can set it', async () => {
    const product = await personalisableProduct('Name Tag Return Gift Box');
    const exported = await store.app.inject({
      url: '/api/admin/products/export.csv',
      headers: store.admin.headers,
    });
    const reimport = await store.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...store.admin.headers, 'content-type': 'text/csv' },
      payload: exported.body,
    });
    expect(reimport.statusCode, reimport.body).toBe(200);
    expect(reimport.json().errors).toEqual([]);
    const csv = `id,personalisation\r\n${product.id},"${JSON.stringify({ fields: [{ label: 'Initials', maxLength: 3 }], photo: 'off' }).replaceAll('"', '""')}"\r\n`;
    const imported = await store.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...store.admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.json()).toEqual({ created: 0, updated: 1, errors: [] });
    const [row] = await store.database.db
      .select({ personalisation: products.personalisation })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.personalisation).toEqual({
      fields: [{ label: 'Initials', maxLength: 3, required: false }],
      photo: 'off',
    });
  });
});

describe('customer photo upload', () => {
  it('stores a PNG as WebP under personalisations/ without signing in, and serves it', async () => {
    const response = await uploadPhoto(await photoPng());
    expect(response.statusCode, response.body).toBe(201);
    const { photo } = response.json<{ photo: string }>();
    expect(photo).toMatch(/^\/uploads\/personalisations\/[a-f0-9]{32}\.webp$/);
    const file = path.join(store.app.config.dataDir, photo);
    expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('webp');
    const served = await store.app.inject({ url: photo });
    expect(served.statusCode).toBe(200);
    // A customer's photo is personal; product images stay cacheable.
    expect(served.headers['cache-control']).toBe('no-store');
    const productImage = path.join(store.app.config.dataDir, 'uploads', 'products', 'p1-diya-600.webp');
    fs.mkdirSync(path.dirname(productImage), { recursive: true });
    fs.copyFileSync(file, productImage);
    const product = await store.app.inject({ url: '/uploads/products/p1-diya-600.webp' });
    expect(product.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('refuses a file that is not a JPEG or PNG by its content, whatever its name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const response = await uploadPhoto(svg, 'me.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PERSONALISATION_MESSAGES.photoType);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await uploadPhoto(webp, 'me.webp', 'image/webp')).statusCode).toBe(400);
  });

  it('refuses a photo over 40 megapixels with 400, storing nothing', async () => {
    const folder = path.join(store.app.config.dataDir, 'uploads', 'personalisations');
    const before = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    const response = await uploadPhoto(pngBomb(), 'bomb.png', 'image/png', '203.0.113.77');
    expect([response.statusCode, response.json().message]).toEqual([400, IMAGE_TOO_LARGE_MESSAGE]);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(before);
  });

  it('refuses a photo over 5 MB', async () => {
    const response = await uploadPhoto(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(PERSONALISATION_MESSAGES.photoTooLarge);
  });

  it('refuses more uploads from one connection than the hourly limit, storing nothing', async () => {
    const folder = path.join(store.app.config.dataDir, 'uploads', 'personalisations');
    const storedPhotos = () => fs.readdirSync(folder).length;
    const photo = await photoPng();
    const connection = '203.0.113.40';
    for (let upload = 1; upload <= PERSONALISATION_PHOTO_LIMIT.attempts; upload++) {
      expect((await uploadPhoto(photo, 'me.png', 'image/png', connection)).statusCode).toBe(201);
    }
    const before = storedPhotos();
    const refused = await uploadPhoto(photo, 'me.png', 'image/png', connection);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many photo uploads from this connection. Please try again later.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(storedPhotos()).toBe(before);
    // Another shopper's connection is not held back.
    expect((await uploadPhoto(photo, 'me.png', 'image/png', '203.0.113.41')).statusCode).toBe(201);
  });
});

describe('personalisation on create-order', () => {
  it('refuses a name longer than allowed, naming the field, and creates nothing', async () => {
    const product = await personalisableProduct('Mini Potli Bag with Tag');
    const before = await orderCount();
    const response = await createOrder([
      { product, quantity: 1, personalisation: { text: { 'Name on tag': 'A'.repeat(21) } } },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${product.name}: Name on tag must be at most 20 characters`);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a line missing a required field, also when the product gets no values at all', async () => {
    const product = await personalisableProduct('Silk Potli Bag with Tag');
    const blank = await createOrder([
      { product, quantity: 1, personalisation: { text: { 'Name on tag': '  ' } } },
    ]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(`${product.name}: Please enter Name on tag`);
    const none = await createOrder([{ product, quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(`${product.name}: Please enter Name on tag`);
  });

  it('refuses a field the product does not have and values for a product that takes none', async () => {
    const product = await personalisableProduct('Cotton Potli Bag with Tag');
    const unknown = await createOrder([
      { product, quantity: 1, personalisation: { text: { 'Name on tag': 'Aarav', Colour: 'Red' } } },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      `${product.name}: Colour is not a personalisation field of this product`,
    );
    const plain = await createTestProduct(store.database, { name: 'Plain Steel Bottle' });
    const refused = await createOrder([
      { product: plain, quantity: 1, personalisation: { text: { Name: 'Aarav' } } },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${plain.name}: ${PERSONALISATION_MESSAGES.notPersonalisable}`);
  });

  it('refuses a photo reference that was never uploaded', async () => {
    const product = await personalisableProduct('Brocade Potli Bag with Tag');
    const before = await orderCount();
    const response = await createOrder([
      {
        product,
        quantity: 1,
        personalisation: {
          text: { 'Name on tag': 'Aarav' },
          photo: `/uploads/personalisations/${'0'.repeat(32)}.webp`,
        },
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${product.name}: ${PERSONALISATION_MESSAGES.photoMissing}`);
    const elsewhere = await createOrder([
      {
        product,
        quantity: 1,
        personalisation: { text: { 'Name on tag': 'Aarav' }, photo: '/uploads/products/1.svg' },
      },
    ]);
    expect(elsewhere.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('stores two names as two items with the photo, shown to the shopper and in the back office', async () => {
    const product = await personalisableProduct('Ganesha Potli Bag with Tag');
    const { photo } = (await uploadPhoto(await photoPng())).json<{ photo: string }>();
    const response = await createOrder([
      { product, quantity: 2, personalisation: { text: { 'Name on tag': '  Aarav ' }, photo } },
      { product, quantity: 3, personalisation: { text: { 'Name on tag': 'Diya' } } },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json<CreateOrderResponse>();

    const stored = await store.database.db
      .select({ quantity: orderItems.quantity, personalisation: orderItems.personalisation })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    expect(stored).toEqual([
      { quantity: 2, personalisation: { fields: [{ label: 'Name on tag', value: 'Aarav' }], photo } },
      { quantity: 3, personalisation: { fields: [{ label: 'Name on tag', value: 'Diya' }], photo: null } },
    ]);
    const [row] = await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(15);

    const own = await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers });
    expect(own.json<OrderRecord>().items.map((item) => item.personalisation)).toEqual(
      stored.map((line) => line.personalisation),
    );
    const detail = await store.app.inject({
      url: `/api/admin/orders/${orderId}`,
      headers: store.admin.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<AdminOrderDetail>().order.items.map((item) => item.personalisation)).toEqual([
      { fields: [{ label: 'Name on tag', value: 'Aarav' }], photo },
      { fields: [{ label: 'Name on tag', value: 'Diya' }], photo: null },
    ]);
  });

  it('refuses the same product with the same personalisation twice in one order', async () => {
    const product = await personalisableProduct('Velvet Potli Bag with Tag');
    const same = { text: { 'Name on tag': 'Aarav' } };
    const response = await createOrder([
      { product, quantity: 1, personalisation: same },
      { product, quantity: 1, personalisation: { text: { 'Name on tag': ' Aarav ' } } },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(PAYMENT_MESSAGES.duplicateProduct);
  });

  it('checks stock across the lines of one product', async () => {
    const product = await personalisableProduct('Mirror-work Potli Bag with Tag');
    await store.database.db.update(products).set({ stock: 4 }).where(eq(products.id, product.id));
    const response = await createOrder([
      { product, quantity: 3, personalisation: { text: { 'Name on tag': 'Aarav' } } },
      { product, quantity: 2, personalisation: { text: { 'Name on tag': 'Diya' } } },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Only 4 of ${product.name} left in stock. Please review your cart.`);
  });
});

describe('the bulk packing slip', () => {
  it('carries each line’s personalisation and the shopper’s photo itself, as the one-order slip does', async () => {
    const product = await personalisableProduct('Jute Potli Bag for the Team');
    const { photo } = (await uploadPhoto(await photoPng())).json<{ photo: string }>();
    const response = await createOrder([
      { product, quantity: 6, personalisation: { text: { 'Name on tag': 'Team Zeta' }, photo } },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json<CreateOrderResponse>();

    // The dispatch desk's print job (decision 0077), worked as an instance's timer works it.
    const job = await store.app.inject({
      method: 'POST',
      url: '/api/admin/dispatch-jobs',
      headers: store.admin.headers,
      payload: { kind: 'slips', orderIds: [orderId] },
    });
    expect(job.statusCode, job.body).toBe(202);
    while ((await store.app.dispatch.work()) > 0) {
      // next turn
    }
    const pdf = await store.app.inject({
      url: `/api/admin/dispatch-jobs/${job.json<DispatchJobResponse>().job.id}/file`,
      headers: store.admin.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = drawnText(pdf.rawPayload);
    expect(text).toContain('Name on tag: Team Zeta');
    // Decision 0080: the photo is drawn on the slip, once, as a JPEG image of its own.
    expect(text).toContain('Photo:');
    expect(text).not.toContain('not found');
    const raw = pdf.rawPayload.toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(1);
    expect(raw).toContain('/Filter /DCTDecode');

    // One renderer: the one-order slip's PDF is the same slip, name and photo.
    const one = await store.app.inject({
      url: `/api/admin/orders/${orderId}/packing-slip.pdf`,
      headers: store.admin.headers,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(drawnText(one.rawPayload)).toContain('Name on tag: Team Zeta');
    expect(one.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(1);
  });
});
