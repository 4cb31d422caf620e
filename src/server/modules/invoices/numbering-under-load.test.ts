import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditNotes, invoices } from '../../db/schema';
import {
  createBuyers,
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodes,
} from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { onPostgres, openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';

// CGST rule 46(b): tax invoices, and credit notes in a series of their own, are numbered
// consecutively and uniquely within a financial year. Here 20 payments are captured at once by two
// store instances, then the 20 orders are cancelled at once: the numbers must be exactly 1 to 20
// in each series. On PostgreSQL (TEST_DATABASE_URL, CI's PostgreSQL step) the two instances are
// two connection pools, as two processes have, so the counters' row locks are what is tested; on
// PGlite both share its one connection and the statements run one after another, which proves the
// numbering but nothing about a race.

// 10:30 India time on 4 May 2031: financial year 2031-32.
const clock = createTestClock('2031-05-04T05:00:00.000Z');
const env = { BACKGROUND_JOBS: 'false' };
const store = setUpTestStore({ clock, env, seed: seedPincodes });
const COUNT = onPostgres ? 20 : 6;

const series = (prefix: string) =>
  Array.from({ length: COUNT }, (_, index) => `${prefix}/31-32/${String(index + 1).padStart(6, '0')}`);

describe(`invoice and credit-note numbers under simultaneous payments (${TWO_INSTANCES_ON})`, () => {
  it(`gives ${COUNT} payments captured at once ${COUNT} invoices numbered 1 to ${COUNT}, and their ${COUNT} cancellations credit notes 1 to ${COUNT}`, async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1198, stock: COUNT });
    const buyers = await createBuyers(store.database, COUNT, clock.now());
    const placed = [];
    for (const buyer of buyers) {
      placed.push(await placeOrder(store.app, buyer.headers, [{ product, quantity: 1 }]));
    }
    const orderIds = placed.map((order) => order.orderId);

    const secondDatabase = await openSecondConnection(store.database);
    const second = await createTestApp(secondDatabase, { clock, env });
    try {
      // Every other payment reaches the second instance; each instance checks its own signature.
      const instanceOf = (index: number) => (index % 2 === 0 ? store.app : second);
      await Promise.all(
        placed.map((order, index) => payOrder(instanceOf(index), buyers[index]!.headers, order)),
      );
      const cancelled = await Promise.all(
        placed.map((order, index) =>
          instanceOf(index + 1).inject({
            method: 'POST',
            url: `/api/orders/${order.orderId}/cancel`,
            headers: buyers[index]!.headers,
          }),
        ),
      );
      expect(cancelled.map((response) => response.statusCode)).toEqual(placed.map(() => 200));
    } finally {
      await second.close();
      await secondDatabase.close();
    }

    const issued = await store.database.db
      .select({ number: invoices.number, financialYear: invoices.financialYear, orderId: invoices.orderId })
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds))
      .orderBy(asc(invoices.number));
    expect(issued.map((invoice) => invoice.number)).toEqual(series('UG'));
    expect(new Set(issued.map((invoice) => invoice.orderId)).size).toBe(COUNT);
    expect(new Set(issued.map((invoice) => invoice.financialYear))).toEqual(new Set(['2031-32']));

    const credited = await store.database.db
      .select({ number: creditNotes.number, orderId: creditNotes.orderId })
      .from(creditNotes)
      .where(inArray(creditNotes.orderId, orderIds))
      .orderBy(asc(creditNotes.number));
    expect(credited.map((note) => note.number)).toEqual(series('CN'));
    expect(new Set(credited.map((note) => note.orderId)).size).toBe(COUNT);
  });
});
