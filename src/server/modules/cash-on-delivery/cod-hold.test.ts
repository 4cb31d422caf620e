import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CashOrderResponse } from '../../../shared/api/payments';
import { tooManyUnpaidOrdersMessage } from '../../../shared/api/payments';
import { mailOutbox, orders, products } from '../../db/schema';
import { codDesk } from '../../testing/cod-fixtures';
import {
  createTestProduct,
  placeOrder,
  postOrder,
  seedPincodes,
  type TestProduct,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { isBookedWithCourier } from '../courier';
import { unbookedCodOrdersPlacedBefore } from '../orders';
import { COD_NOT_SHIPPED_NOTE } from './cod-service';

// Decision 0054: an open cash on delivery order is an unpaid order (the fair-stock cap), and its
// reservation ends when it is not shipped within the owner's hours.
const clock = createTestClock('2031-06-02T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false', MAX_UNPAID_ORDERS: '2' },
  seed: seedPincodes,
});
const desk = codDesk(store);
const HOUR = 60 * 60 * 1000;
const advance = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));

const stockOf = async (product: TestProduct) =>
  (
    await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;
const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

describe('an open cash on delivery order', () => {
  it('counts toward the unpaid-order cap', async () => {
    await desk.setCod();
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 10 });
    const line = [{ product, quantity: 1 }];
    const cod = await desk.placeCod(shopper.headers, line, { phone: shopper.phone });
    expect(cod.statusCode, cod.body).toBe(200);
    const online = await placeOrder(store.app, shopper.headers, line);

    const third = await postOrder(store.app, shopper.headers, line);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      tooManyUnpaidOrdersMessage([cod.json<CashOrderResponse>().orderNumber, online.orderNumber]),
    );
    // Cancelled, the COD order no longer counts (nor waits for the sweep in the next test).
    expect((await desk.cancel(shopper.headers, cod.json<CashOrderResponse>().orderId)).statusCode).toBe(200);
    expect((await postOrder(store.app, shopper.headers, line)).statusCode).toBe(200);
  });

  it("is cancelled, its stock freed and its customer told, when not shipped within the owner's hours", async () => {
    await desk.setCod({ codHoldHours: 48 });
    const shopper = await desk.shopperWithPhone();
    const product = await createTestProduct(store.database, { priceRupees: 500, stock: 5 });
    const placed = await desk.placeCod(shopper.headers, [{ product, quantity: 2 }], { phone: shopper.phone });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<CashOrderResponse>();
    // A second one, booked with the courier in time: it keeps its stock.
    const other = await desk.shopperWithPhone();
    const booked = await desk.placeCod(other.headers, [{ product, quantity: 1 }], { phone: other.phone });
    const bookedId = booked.json<CashOrderResponse>().orderId;
    const shipment = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${bookedId}/shipment`,
      headers: await desk.ownerHeaders(),
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    expect(await stockOf(product)).toBe(2);

    advance(47 * HOUR);
    expect(await store.app.cashOnDelivery.expireUnshippedCodOrders()).toBe(0);
    expect(await statusOf(orderId)).toBe('confirmed');

    advance(2 * HOUR);
    // The sweep's query leaves the booked order out by the courier's condition, not only its re-check.
    const due = await unbookedCodOrdersPlacedBefore(
      store.database.db,
      new Date(clock.now().getTime() - 48 * HOUR),
      10,
      isBookedWithCourier,
    );
    expect(due).toContain(orderId);
    expect(due).not.toContain(bookedId);
    expect(await store.app.cashOnDelivery.expireUnshippedCodOrders()).toBe(1);
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await statusOf(bookedId)).not.toBe('cancelled');
    expect(await stockOf(product)).toBe(4);
    const told = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'order-status')));
    expect(told.map((mail) => mail.text.includes(COD_NOT_SHIPPED_NOTE))).toEqual([true]);
    // Swept again, nothing more happens.
    expect(await store.app.cashOnDelivery.expireUnshippedCodOrders()).toBe(0);
    expect(await stockOf(product)).toBe(4);
  });
});
