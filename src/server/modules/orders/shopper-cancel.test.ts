import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../shared/api/orders';
import { PAID_CANCEL_MESSAGES } from '../../../shared/order-status';
import { creditNotes, mailOutbox, moneyLedger, payments, products } from '../../db/schema';
import { moveOrderAlong } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0051: a shopper cancels an order they paid for online themselves, until it is packed.

const clock = createTestClock('2031-05-04T05:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Nisha Verma' },
});

const cancel = (orderId: string, headers = store.customer.headers) =>
  store.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers });

const stockOf = async (id: number) =>
  (await store.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

async function paidOrder() {
  const product = await createTestProduct(store.database, { priceRupees: 1198, stock: 10 });
  const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 2 }]);
  await payOrder(store.app, store.customer.headers, created);
  return { product, orderId: created.orderId, totalPaise: created.order.amount };
}

describe("a shopper's cancellation of an order paid online", () => {
  it('is refunded in full to the original payment, once, with its stock back and a credit note', async () => {
    const { product, orderId, totalPaise } = await paidOrder();
    expect(totalPaise).toBe(2 * 119_800);
    await moveOrderAlong(store.app, store.admin.headers, orderId, ['confirmed', 'processing']);
    expect(await stockOf(product.id)).toBe(8);

    const cancelled = await cancel(orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<OrderRecord>().status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(10);

    const ledger = await store.database.db.select().from(moneyLedger).where(eq(moneyLedger.orderId, orderId));
    expect(ledger.map((line) => [line.kind, line.amountPaise, line.reason])).toEqual([
      ['captured', 239_600, 'payment'],
      ['refunded', 239_600, 'cancelled'],
    ]);
    const [payment] = await store.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'refunded', refundedPaise: 239_600 });
    const notes = await store.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(notes.map((note) => (note.data as { totals: { total: number } }).totals.total)).toEqual([2396]);
    const mails = await store.database.db.select().from(mailOutbox);
    expect(
      mails.some(
        (mail) =>
          mail.subject === 'Order RG-10001: Cancelled' &&
          mail.text.includes('We are refunding ₹2,396 to your original payment method'),
      ),
    ).toBe(true);

    // Again: nothing more moves.
    expect((await cancel(orderId)).statusCode).toBe(409);
    expect(await store.database.db.$count(moneyLedger, eq(moneyLedger.orderId, orderId))).toBe(2);
  });

  it('is refused once the order is packed, and for another shopper it is not found', async () => {
    const { product, orderId } = await paidOrder();
    await moveOrderAlong(store.app, store.admin.headers, orderId, ['confirmed', 'processing', 'packed']);
    const refused = await cancel(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAID_CANCEL_MESSAGES.tooLate);
    expect(await stockOf(product.id)).toBe(8);
    expect(await store.database.db.$count(moneyLedger, eq(moneyLedger.orderId, orderId))).toBe(1);
    const stranger = await store.newCustomer();
    expect((await cancel(orderId, stranger.headers)).statusCode).toBe(404);
  });
});
