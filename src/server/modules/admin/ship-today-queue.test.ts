import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminOrderList } from '../../../shared/api/admin';
import { orders } from '../../db/schema';
import { codDesk } from '../../testing/cod-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// 10:30 India time on 10 March 2031: "today" is 2031-03-10 and "tomorrow" 2031-03-11.
const clock = createTestClock('2031-03-10T05:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
});
const cod = codDesk(store);

const list = async (query: string) => {
  const response = await store.app.inject({
    url: `/api/admin/orders?${query}`,
    headers: store.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderList>();
};

describe('the dispatch desk: orders by delivery date and slot', () => {
  it('queues what ships today: paid or COD confirmed, due by tomorrow, midnight and timed slots first', async () => {
    const product = await createTestProduct(store.database, { name: 'Jute Potli Bag', stock: 50 });
    const shopper = await store.newCustomer();
    /** A paid order (or left pending) with the delivery day and slot the shopper chose. */
    const order = async (date: string | null, slot: string | null, pay = true) => {
      const created = await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);
      if (pay) await payOrder(store.app, shopper.headers, created);
      // The checkout offers dates from its own earliest day on; these are the rows it writes.
      await store.database.db
        .update(orders)
        .set({ deliveryDate: date, deliverySlot: slot })
        .where(eq(orders.id, created.orderId));
      return created.orderId;
    };
    const numberOf = async (orderId: string) =>
      (await store.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.orderNumber;

    const tomorrowStandard = await order('2031-03-11', 'standard');
    const todayStandard = await order('2031-03-10', 'standard');
    const noDate = await order(null, null);
    const tomorrowMidnight = await order('2031-03-11', 'midnight');
    const todayMidnight = await order('2031-03-10', 'midnight');
    const dayAfter = await order('2031-03-12', 'midnight');
    const unpaid = await order('2031-03-10', 'midnight', false);
    await cod.setCod();
    const codShopper = await cod.shopperWithPhone();
    const placedCod = await cod.placeCod(codShopper.headers, [{ product, quantity: 1 }], {
      phone: codShopper.phone,
    });
    expect(placedCod.statusCode, placedCod.body).toBe(200);
    const codOrderId = placedCod.json<{ orderId: string }>().orderId;
    await store.database.db
      .update(orders)
      .set({ deliveryDate: '2031-03-10', deliverySlot: 'standard' })
      .where(eq(orders.id, codOrderId));

    const queue = await list('queue=ship-today');
    const expected = await Promise.all(
      [todayMidnight, todayStandard, codOrderId, tomorrowMidnight, tomorrowStandard, noDate].map(numberOf),
    );
    // Neither the one due the day after tomorrow nor the one still Payment Pending.
    expect(queue.data.map((row) => row.orderNumber)).toEqual(expected);
    expect(expected).not.toContain(await numberOf(dayAfter));
    expect(expected).not.toContain(await numberOf(unpaid));
    expect(queue.data.find((row) => row.id === codOrderId)?.status).toBe('confirmed');

    // The dashboard's "Orders to ship" counts the same queue.
    const dashboard = await store.app.inject({ url: '/api/admin/dashboard', headers: store.admin.headers });
    expect(dashboard.json<AdminDashboard>().work.toShip).toBe(queue.total);

    // Any list filters by delivery day and slot, and sorts by delivery.
    const midnights = await list('slot=midnight&deliveryFrom=2031-03-11&deliveryTo=2031-03-12&sort=delivery');
    expect(midnights.data.map((row) => row.orderNumber)).toEqual(
      await Promise.all([tomorrowMidnight, dayAfter].map(numberOf)),
    );
  });

  it("puts a day's early-morning and fixed-time orders first, by their windows, and filters the timed slots", async () => {
    const product = await createTestProduct(store.database, { name: 'Marigold Garland', stock: 50 });
    const shopper = await store.newCustomer();
    // Decision 0073: the rows create-order writes for a timed window (its name and minutes).
    const order = async (slot: string, window?: { name: string; start: number }) => {
      const created = await placeOrder(store.app, shopper.headers, [{ product, quantity: 1 }]);
      await payOrder(store.app, shopper.headers, created);
      await store.database.db
        .update(orders)
        .set({
          deliveryDate: '2031-03-20',
          deliverySlot: slot,
          deliverySlotName: window?.name ?? null,
          deliveryWindowStart: window?.start ?? null,
          deliveryWindowEnd: window ? window.start + 120 : null,
        })
        .where(eq(orders.id, created.orderId));
      return created.orderNumber;
    };
    const standard = await order('standard');
    const midnight = await order('midnight');
    const fixedAfternoon = await order('timed', { name: 'Fixed time', start: 15 * 60 });
    const earlyMorning = await order('timed', { name: 'Early morning', start: 7 * 60 });
    const fixedMorning = await order('timed', { name: 'Fixed time', start: 9 * 60 });

    const day = await list('deliveryFrom=2031-03-20&deliveryTo=2031-03-20&sort=delivery');
    expect(day.data.map((row) => row.orderNumber)).toEqual([
      earlyMorning,
      fixedMorning,
      fixedAfternoon,
      midnight,
      standard,
    ]);
    const timed = await list('slot=timed&deliveryFrom=2031-03-20&deliveryTo=2031-03-20&sort=delivery');
    expect(timed.data.map((row) => row.orderNumber)).toEqual([earlyMorning, fixedMorning, fixedAfternoon]);
    expect(timed.data[0]?.delivery?.window).toMatchObject({ name: 'Early morning', start: 420, end: 540 });
  });

  it('refuses a queue or slot it does not know with a message', async () => {
    const response = await store.app.inject({
      url: '/api/admin/orders?queue=ship-yesterday&slot=noon',
      headers: store.admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/Choose a (queue|delivery slot)/);
  });
});
