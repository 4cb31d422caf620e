import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../shared/api/admin';
import type { AddOnsOffered } from '../../../shared/api/catalog';
import type { OrderRecord } from '../../../shared/api/orders';
import { outOfStockMessage } from '../../../shared/api/payments';
import { packingSlipOf } from '../../../shared/packing-slip';
import { orders, products } from '../../db/schema';
import {
  createTestProduct,
  orderBody,
  payOrder,
  placeOrder,
  postOrder,
  seedPincodes,
  testCategory,
} from '../../testing/order-fixtures';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0079: the owner marks products as add-ons and the categories that offer them; a gift
// offers its category's add-ons after Add to Cart, and they are bought, stocked and taxed as the
// products they are.

const store = setUpTestStore({
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: true,
});

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: store.admin.headers, ...(payload ? { payload } : {}) });

async function addOn(fields: Record<string, unknown>): Promise<AdminProduct> {
  const response = await admin('POST', '/api/admin/products', { stock: 10, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: AdminProduct }>().product;
}

const offeredWith = async (productId: number) => {
  const response = await store.app.inject({ url: `/api/products/${productId}/add-ons` });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<AddOnsOffered>()
    .data.map((offered) => [offered.name, offered.addOnKind, offered.price]);
};

describe('add-ons', () => {
  it('are offered with the gifts of the categories the owner chose, cheapest first, only while they can be bought', async () => {
    const birthday = await testCategory(store.database, 'Birthday Cakes');
    const diwali = await testCategory(store.database, 'Diwali Lamps');
    const extras = await testCategory(store.database, 'Little Extras');
    const cake = await createTestProduct(store.database, {
      name: 'Truffle Cake',
      category: 'Birthday Cakes',
    });
    const lamp = await createTestProduct(store.database, { name: 'Brass Lamp', category: 'Diwali Lamps' });
    const card = await addOn({
      name: 'Birthday Greeting Card',
      price: 99,
      mrp: 99,
      categoryId: extras.id,
      addOnKind: 'greeting_card',
      addOnCategoryIds: [birthday.id],
    });
    const chocolates = await addOn({
      name: 'Chocolate Box',
      price: 249,
      mrp: 299,
      categoryId: extras.id,
      addOnKind: 'chocolates',
      addOnCategoryIds: [birthday.id, diwali.id],
    });
    const candles = await addOn({
      name: 'Birthday Candle Set',
      price: 59,
      mrp: 59,
      categoryId: extras.id,
      stock: 0,
      addOnKind: 'candles',
      addOnCategoryIds: [birthday.id],
    });
    expect([card.addOnKind, card.addOnCategoryIds]).toEqual(['greeting_card', [birthday.id]]);

    // The candle set is sold out: not offered.
    expect(await offeredWith(cake.id)).toEqual([
      ['Birthday Greeting Card', 'greeting_card', 99],
      ['Chocolate Box', 'chocolates', 249],
    ]);
    expect(await offeredWith(lamp.id)).toEqual([['Chocolate Box', 'chocolates', 249]]);
    // An add-on's own Add to Cart offers nothing more.
    expect(await offeredWith(chocolates.id)).toEqual([]);

    // Back in stock it is offered; archived, or no longer an add-on, it is not.
    await admin('PATCH', `/api/admin/products/${candles.id}`, { stock: 5 });
    await admin('PATCH', `/api/admin/products/${card.id}`, { archived: true });
    await admin('PATCH', `/api/admin/products/${chocolates.id}`, { addOnKind: null, addOnCategoryIds: [] });
    expect(await offeredWith(cake.id)).toEqual([['Birthday Candle Set', 'candles', 59]]);
  });

  it('refuse a category that does not exist or a kind there is not, changing nothing', async () => {
    const extras = await testCategory(store.database, 'Little Extras');
    const teddy = await addOn({
      name: 'Teddy',
      price: 399,
      mrp: 399,
      categoryId: extras.id,
      addOnKind: 'teddy',
    });

    const unknown = await admin('PATCH', `/api/admin/products/${teddy.id}`, {
      addOnCategoryIds: [9_999_999],
    });
    expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([
      400,
      'Choose a category that exists',
    ]);
    const badKind = await admin('PATCH', `/api/admin/products/${teddy.id}`, { addOnKind: 'puppy' });
    expect(badKind.statusCode).toBe(400);
    const [row] = await store.database.db
      .select({ kind: products.addOnKind, categories: products.addOnCategoryIds })
      .from(products)
      .where(eq(products.id, teddy.id));
    expect(row).toEqual({ kind: 'teddy', categories: [] });
  });

  it('sold out since the shopper added it, is said at checkout and no order is made', async () => {
    const extras = await testCategory(store.database, 'Little Extras');
    const gift = await createTestProduct(store.database, { name: 'Photo Frame', priceRupees: 599 });
    const balloons = await addOn({
      name: 'Balloon Bunch',
      price: 149,
      mrp: 149,
      categoryId: extras.id,
      stock: 1,
      addOnKind: 'balloons',
      addOnCategoryIds: [gift.categoryId],
    });
    const balloonLine = {
      product: { id: balloons.id, name: balloons.name, pricePaise: 14_900, categoryId: extras.id },
    };
    // Another shopper buys the last bunch first.
    const other = await store.newCustomer();
    await placeOrder(store.app, other.headers, [{ ...balloonLine, quantity: 1 }]);

    const before = await store.database.db.$count(orders);
    const refused = await postOrder(store.app, store.customer.headers, [
      { product: gift, quantity: 1 },
      { ...balloonLine, quantity: 1 },
    ]);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      409,
      outOfStockMessage('Balloon Bunch'),
    ]);
    expect(await store.database.db.$count(orders)).toBe(before);
  });

  it('are lines of their own on the invoice at their own HSN and rate, and the card carries the message to the slip', async () => {
    const extras = await testCategory(store.database, 'Little Extras');
    const gift = await createTestProduct(store.database, { name: 'Silver Pendant', priceRupees: 1_499 });
    const card = await addOn({
      name: 'Thank You Card',
      price: 99,
      mrp: 99,
      categoryId: extras.id,
      hsnCode: '4909',
      gstRate: 5,
      addOnKind: 'greeting_card',
      addOnCategoryIds: [gift.categoryId],
    });
    const chocolates = await addOn({
      name: 'Chocolate Truffles',
      price: 349,
      mrp: 399,
      categoryId: extras.id,
      hsnCode: '1806',
      gstRate: 5,
      addOnKind: 'chocolates',
      addOnCategoryIds: [gift.categoryId],
    });
    const line = (product: AdminProduct) => ({
      product: { id: product.id, name: product.name, pricePaise: product.price * 100, categoryId: extras.id },
      quantity: 1,
    });
    const created = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: {
        ...orderBody([{ product: gift, quantity: 1 }, line(card), line(chocolates)]),
        giftOptions: { message: 'Happy birthday, Meera!', hidePrices: false },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const placed = created.json<Parameters<typeof payOrder>[2]>();
    await payOrder(store.app, store.customer.headers, placed);

    const invoice = await store.app.invoices.forAdmin(placed.orderId);
    // ₹1,947 of items: shipping is free from ₹1,000 (SPEC 9), so no shipping line.
    expect(
      invoice.lines.map((each) => [each.description, each.hsn, each.rate, each.taxableValue, each.total]),
    ).toEqual([
      ['Silver Pendant', '9505', 18, 1270.34, 1499],
      ['Thank You Card', '4909', 5, 94.29, 99],
      ['Chocolate Truffles', '1806', 5, 332.38, 349],
    ]);
    expect(invoice.totals.total).toBe(1947);

    const record = (
      await store.app.inject({ url: `/api/orders/${placed.orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    const slip = packingSlipOf(record, 'Utsav Gifts');
    expect(slip.items.map((item) => [item.name, item.amount, item.cardMessage])).toEqual([
      ['Silver Pendant', 1499, null],
      ['Thank You Card', 99, 'Happy birthday, Meera!'],
      ['Chocolate Truffles', 349, null],
    ]);
    // Written in the card, not a second time on its own.
    expect(slip.giftMessage).toBeNull();
  });
});
