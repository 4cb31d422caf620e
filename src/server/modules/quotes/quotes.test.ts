import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderList, AdminProductResponse } from '../../../shared/api/admin';
import type { ProductResponse } from '../../../shared/api/catalog';
import type { OrderListResponse, OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import { QUOTE_MESSAGES, type QuotePreview, type QuoteResponse } from '../../../shared/api/quotes';
import { TIER_MESSAGES } from '../../../shared/quantity-pricing';
import { bulkEnquiries, mailOutbox, products } from '../../db/schema';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodes,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { sandboxId } from '../payment-providers';

// Decision 0017: quantity tiers per product, and bulk quotes the owner sends as payable links.

const clock = createTestClock('2026-11-23T10:00:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});
const PARTY_TIERS = [
  { minQuantity: 25, percentOff: 5 },
  { minQuantity: 50, percentOff: 10 },
];

/** A ₹120 product with the party tiers, stocked for a bulk order. */
async function tieredProduct(fields: { stock?: number; allowPreOrder?: boolean } = {}) {
  const product = await createTestProduct(store.database, {
    name: `Mini Ganesha Idol ${Date.now()}${Math.random()}`,
    priceRupees: 120,
    stock: fields.stock ?? 80,
    allowPreOrder: fields.allowPreOrder ?? false,
  });
  await store.database.db
    .update(products)
    .set({ quantityTiers: PARTY_TIERS })
    .where(eq(products.id, product.id));
  return product;
}

const stockOf = async (productId: number) =>
  (
    await store.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  )[0]?.stock;

const quoteBody = (email: string, lines: Record<string, unknown>[], extra = {}) => ({
  customerEmail: email,
  lines,
  shippingAddress: TEST_ADDRESS,
  ...extra,
});

async function sendQuote(body: Record<string, unknown>) {
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/admin/quotes',
    headers: store.admin.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<QuoteResponse>().quote;
}

describe('quantity tiers on a product', () => {
  it('are saved by the owner and shown with the product', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 120 });
    const saved = await store.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: store.admin.headers,
      payload: { quantityTiers: PARTY_TIERS },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminProductResponse>().product.quantityTiers).toEqual(PARTY_TIERS);

    const shown = await store.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shown.json<ProductResponse>().product.quantityTiers).toEqual(PARTY_TIERS);
  });

  it('are refused when out of order or out of range, and nothing changes', async () => {
    const product = await tieredProduct();
    for (const [tiers, message] of [
      [[...PARTY_TIERS].reverse(), TIER_MESSAGES.ascending],
      [[{ minQuantity: 1, percentOff: 5 }], TIER_MESSAGES.minQuantity],
      [[{ minQuantity: 25, percentOff: 95 }], TIER_MESSAGES.percent],
    ] as const) {
      const refused = await store.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${product.id}`,
        headers: store.admin.headers,
        payload: { quantityTiers: tiers },
      });
      expect(refused.statusCode).toBe(400);
      expect(
        refused.json<{ errors: { message: string }[] }>().errors.map((error) => error.message),
      ).toContain(message);
    }
    const [row] = await store.database.db
      .select({ quantityTiers: products.quantityTiers })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.quantityTiers).toEqual(PARTY_TIERS);
  });

  it('never change a retail cart: create-order still stops at 10 units', async () => {
    const product = await tieredProduct();
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: {
        items: [{ productId: product.id, quantity: 25 }],
        totalAmount: 25 * 114,
        shippingAddress: TEST_ADDRESS,
      },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a bulk quote sent as a payable link', () => {
  it('is priced by the server from the tiers, ignoring prices the client sends', async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer({ fullName: 'Nisha Kulkarni' });
    const quote = await sendQuote(
      quoteBody(customer.user.email, [{ productId: product.id, quantity: 50, price: 1, lineTotal: 1 }], {
        total: 1,
        subtotal: 1,
      }),
    );
    expect(quote.lines).toEqual([
      expect.objectContaining({
        quantity: 50,
        listPrice: 120,
        percentOff: 10,
        unitPrice: 108,
        lineTotal: 5400,
      }),
    ]);
    // SPEC 9: free shipping from ₹1,000, on the tiered subtotal.
    expect(quote).toMatchObject({ state: 'open', subtotal: 5400, shippingCost: 0, total: 5400 });
    expect(quote.expiresAt).toBe('2026-11-30T04:30:00.000Z');
    // Reserved as any pending order's lines are.
    expect(await stockOf(product.id)).toBe(30);

    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote'), eq(mailOutbox.orderId, quote.orderId)));
    expect(mail?.recipient).toBe(customer.user.email);
    expect(mail?.subject).toBe(`Your quote ${quote.orderNumber} from Utsav Gifts: ₹5,400`);
    expect(mail?.text).toContain('50 × ₹108 each (10% off ₹120) = ₹5,400');
    expect(mail?.text).toContain(`/quote/${quote.orderId}`);
  });

  it("is marked as a quote in the customer's orders and the back office's list; a checkout order is not", async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const checkout = await placeOrder(store.app, customer.headers, [{ product, quantity: 2 }]);
    const quote = await sendQuote(quoteBody(customer.user.email, [{ productId: product.id, quantity: 50 }]));

    const mine = await store.app.inject({ url: '/api/orders/my-orders', headers: customer.headers });
    const quoteFlags = new Map(
      mine.json<OrderListResponse>().data.map((order) => [order.id, order.isQuote] as const),
    );
    expect(quoteFlags).toEqual(
      new Map([
        [quote.orderId, true],
        [checkout.orderId, false],
      ]),
    );

    const listed = await store.app.inject({
      url: '/api/admin/orders',
      query: { q: customer.user.email },
      headers: store.admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json<AdminOrderList>().data.map((order) => [order.id, order.isQuote] as const);
    expect(new Map(rows)).toEqual(
      new Map([
        [quote.orderId, true],
        [checkout.orderId, false],
      ]),
    );
  });

  it('previews the same prices without storing anything', async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/admin/quotes/preview',
      headers: store.admin.headers,
      payload: quoteBody(customer.user.email, [{ productId: product.id, quantity: 30 }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<QuotePreview>()).toMatchObject({ subtotal: 3420, shippingCost: 0, total: 3420 });
    expect(response.json<QuotePreview>().lines[0]).toMatchObject({ unitPrice: 114, percentOff: 5 });
    expect(await stockOf(product.id)).toBe(80);
  });

  it('moves the bulk enquiry it answers to quoted', async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const [enquiry] = await store.database.db
      .insert(bulkEnquiries)
      .values({
        occasion: 'Office Diwali',
        productsOrBudget: 'Idols',
        quantity: 50,
        neededBy: '2026-12-10',
        name: 'Nisha',
        phone: '9845012345',
        email: customer.user.email,
      })
      .returning();
    await sendQuote(
      quoteBody(customer.user.email, [{ productId: product.id, quantity: 50 }], {
        bulkEnquiryId: enquiry!.id,
      }),
    );
    const [row] = await store.database.db
      .select()
      .from(bulkEnquiries)
      .where(eq(bulkEnquiries.id, enquiry!.id));
    expect(row?.status).toBe('quoted');
  });

  it('is refused to anyone but the owner', async () => {
    const product = await tieredProduct();
    const body = quoteBody(store.customer.user.email, [{ productId: product.id, quantity: 50 }]);
    const asShopper = await store.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: store.customer.headers,
      payload: body,
    });
    expect(asShopper.statusCode).toBe(403);
    const anonymous = await store.app.inject({ method: 'POST', url: '/api/admin/quotes', payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(await stockOf(product.id)).toBe(80);
  });

  it('refuses more than the stock of a product without pre-orders', async () => {
    const product = await tieredProduct({ stock: 40 });
    const tooMany = await store.app.inject({
      method: 'POST',
      url: '/api/admin/quotes',
      headers: store.admin.headers,
      payload: quoteBody(store.customer.user.email, [{ productId: product.id, quantity: 50 }]),
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toContain('Only 40 of');
    expect(await stockOf(product.id)).toBe(40);
  });

  it('cannot be seen or paid by another customer', async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const quote = await sendQuote(quoteBody(customer.user.email, [{ productId: product.id, quantity: 50 }]));
    const other = store.customer.headers;

    const seen = await store.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.orderId}`,
      headers: other,
    });
    expect(seen.statusCode).toBe(404);
    const started = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers: other,
    });
    expect(started.statusCode).toBe(404);

    // Even holding the customer's provider order, a stranger cannot settle it.
    const own = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers: customer.headers,
    });
    await expect(payOrder(store.app, other, own.json<CreateOrderResponse>())).rejects.toThrow(/404/);
  });

  it('is paid through the same payment path and becomes an ordinary paid order', async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const quote = await sendQuote(quoteBody(customer.user.email, [{ productId: product.id, quantity: 50 }]));

    const started = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers: customer.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    const created = started.json<CreateOrderResponse>();
    expect(created).toMatchObject({ orderId: quote.orderId, totalAmount: 5400 });
    expect(created.order.amount).toBe(540_000);
    await payOrder(store.app, customer.headers, created);

    const order = await store.app.inject({
      method: 'GET',
      url: `/api/orders/${quote.orderId}`,
      headers: customer.headers,
    });
    const record = order.json<OrderRecord>();
    expect(record).toMatchObject({ status: 'paid', totalAmount: 5400, shippingCost: 0 });
    expect(record.items).toEqual([expect.objectContaining({ quantity: 50, price: 108 })]);
    expect(record.invoiceNumber).not.toBeNull();

    const again = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers: customer.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(QUOTE_MESSAGES.alreadyPaid);
    const shown = await store.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.orderId}`,
      headers: customer.headers,
    });
    expect(shown.json<QuoteResponse>().quote.state).toBe('paid');
    // Reserved when quoted, kept when paid.
    expect(await stockOf(product.id)).toBe(30);
  });

  it("is settled by the provider's webhook like any order, when the window's answer never comes", async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const quote = await sendQuote(quoteBody(customer.user.email, [{ productId: product.id, quantity: 25 }]));
    const started = await store.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.orderId}/payment`,
      headers: customer.headers,
    });
    const created = started.json<CreateOrderResponse>();
    const rawBody = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: sandboxId('pay'),
            amount: created.order.amount,
            currency: 'INR',
            order_id: created.order.id,
            method: 'upi',
          },
        },
      },
    });
    const delivered = await store.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': store.app.sandboxProvider!.signWebhook(Buffer.from(rawBody)),
        'x-razorpay-event-id': sandboxId('evt'),
      },
      payload: rawBody,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const order = await store.app.inject({
      method: 'GET',
      url: `/api/orders/${quote.orderId}`,
      headers: customer.headers,
    });
    expect(order.json<OrderRecord>()).toMatchObject({ status: 'paid', totalAmount: 2850 });
  });

  it('refuses payment once expired, and the sweep puts its stock back', async () => {
    const product = await tieredProduct();
    const customer = await store.newCustomer();
    const quote = await sendQuote(
      quoteBody(customer.user.email, [{ productId: product.id, quantity: 25 }], { validDays: 2 }),
    );
    expect(quote.total).toBe(2850);
    expect(await stockOf(product.id)).toBe(55);

    clock.set('2026-11-25T10:00:01+05:30');
    try {
      const late = await store.app.inject({
        method: 'POST',
        url: `/api/quotes/${quote.orderId}/payment`,
        headers: customer.headers,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toBe(QUOTE_MESSAGES.expired);

      await store.app.orders.expireOverdueOrders();
      expect(await stockOf(product.id)).toBe(80);
      const shown = await store.app.inject({
        method: 'GET',
        url: `/api/quotes/${quote.orderId}`,
        headers: customer.headers,
      });
      expect(shown.json<QuoteResponse>().quote).toMatchObject({ state: 'expired', orderStatus: 'cancelled' });
    } finally {
      clock.set('2026-11-23T10:00:00+05:30');
    }
  });
});
