import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import type { AdminCoupon, CouponQuote } from '../../../shared/api/coupons';
import type { OrderRecord } from '../../../shared/api/orders';
import type { PlaceOrderResponse } from '../../../shared/api/payments';
import { cartCharges, chargeSummary } from '../../../shared/order-charges';
import { products } from '../../db/schema';
import {
  createTestProduct,
  orderBody,
  payOrder,
  placeOrder,
  seedPincodes,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0080: a product's quantity tiers price an ordinary cart line within its 10 pieces, as a
// discount charge of its own that the server works out, the coupon follows and the invoice taxes.

const clock = createTestClock('2026-11-23T11:00:00+05:30');
const store = setUpTestStore({ clock, seed: seedPincodes, customer: true, admin: true });

describe('quantity tiers in an ordinary checkout', () => {
  it('take 5% off 6 potli bags before the coupon, and the invoice taxes what is left', async () => {
    const potli = await createTestProduct(store.database, { name: 'Silk Potli Bag', priceRupees: 120 });
    const quantityTiers = [
      { minQuantity: 6, percentOff: 5 },
      { minQuantity: 25, percentOff: 10 },
    ];
    await store.database.db.update(products).set({ quantityTiers }).where(eq(products.id, potli.id));
    const made = await store.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: store.admin.headers,
      payload: { code: 'POTLI10', kind: 'percent', value: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { code } = made.json<{ coupon: AdminCoupon }>().coupon;
    const lines = [{ product: potli, quantity: 6 }];

    // The coupon's quote at checkout: 10% of ₹684 (six at ₹114), not of the ₹720 list price.
    const quote = await store.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: store.customer.headers,
      payload: { code, items: [{ productId: potli.id, quantity: 6 }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<CouponQuote>().discount).toBe(68.4);

    // What the cart and checkout show: ₹720, the tier's -₹36, the coupon's -₹68.40, ₹50 shipping.
    const browser = chargeSummary(
      cartCharges({
        lines: [{ name: potli.name, price: 120, quantity: 6, quantityTiers }],
        discount: 68.4,
        shippingFee: 50,
      }),
    );
    expect(browser.quantityDiscounts).toEqual([{ label: 'Silk Potli Bag, 6+ pieces: 5% off', amount: 36 }]);
    expect(browser.totalPaise).toBe(66_560);

    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: orderBody(lines, { totalAmount: 665.6, couponCode: code }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<PlaceOrderResponse>();
    const record = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect(record).toMatchObject({
      subtotal: 720,
      quantityDiscounts: [{ label: 'Silk Potli Bag, 6+ pieces: 5% off', amount: 36 }],
      discount: 68.4,
      shippingCost: 50,
      totalAmount: 665.6,
    });

    await store.database.db.transaction((tx) => store.app.invoices.issue(tx, orderId, clock.now()));
    const invoice = await store.app.invoices.forAdmin(orderId);
    // ₹720 less ₹36 and ₹68.40 is ₹615.60, GST (18%) on ₹521.69 of it.
    expect(invoice.lines[0]).toMatchObject({
      description: 'Silk Potli Bag, 6+ pieces: 5% off',
      quantity: 6,
      taxableValue: 521.69,
      total: 615.6,
    });
    expect(invoice.totals.total).toBe(665.6);
  });

  it('keeps the list price below the first tier, and refuses a total that took a tier not reached', async () => {
    const potli = await createTestProduct(store.database, { name: 'Zari Potli Bag', priceRupees: 120 });
    await store.database.db
      .update(products)
      .set({ quantityTiers: [{ minQuantity: 6, percentOff: 5 }] })
      .where(eq(products.id, potli.id));
    const five = [{ product: potli, quantity: 5 }];
    // Five at ₹120 with ₹50 shipping is ₹650; five at the tier's ₹114 would be ₹620.
    const refused = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: orderBody(five, { totalAmount: 620 }),
    });
    expect(refused.statusCode).toBe(409);
    const placed = await store.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: store.customer.headers,
      payload: orderBody(five, { totalAmount: 650 }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<PlaceOrderResponse>();
    const record = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect([record.quantityDiscounts, record.totalAmount]).toEqual([[], 650]);
  });

  it("takes a removed line's tier with it and leaves the order's coupon discount alone", async () => {
    const potli = await createTestProduct(store.database, { name: 'Velvet Potli Bag', priceRupees: 120 });
    await store.database.db
      .update(products)
      .set({ quantityTiers: [{ minQuantity: 6, percentOff: 5 }] })
      .where(eq(products.id, potli.id));
    const lamp = await createTestProduct(store.database, { name: 'Brass Lamp', priceRupees: 1299 });
    // ₹720 of potlis less their ₹36 tier and a ₹1,299 lamp: ₹1,983, shipped free.
    const created = await placeOrder(
      store.app,
      store.customer.headers,
      [
        { product: potli, quantity: 6 },
        { product: lamp, quantity: 1 },
      ],
      { totalAmount: 1983 },
    );
    await payOrder(store.app, store.customer.headers, created);
    const detail = (
      await store.app.inject({ url: `/api/admin/orders/${created.orderId}`, headers: store.admin.headers })
    ).json<AdminOrderDetail>();
    const potliLine = detail.order.items.find((item) => item.product.id === potli.id);
    if (!potliLine) throw new Error('The potli line is missing');

    const removed = await store.app.inject({
      method: 'DELETE',
      url: `/api/admin/orders/${created.orderId}/items/${potliLine.lineId}`,
      headers: store.admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const { order } = removed.json<AdminOrderDetail>();
    expect([order.subtotal, order.quantityDiscounts, order.discount, order.totalAmount]).toEqual([
      1299,
      [],
      0,
      1299,
    ]);
  });
});
