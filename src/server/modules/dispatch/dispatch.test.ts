import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SHIPPING_MESSAGES } from '../../../shared/api/courier';
import { DISPATCH_MESSAGES, type DispatchJob, type DispatchJobResponse } from '../../../shared/api/dispatch';
import { dispatchJobOrders, orderItems, orders, products, sandboxParcels, shipments } from '../../db/schema';
import {
  createTestProduct,
  payOrder,
  placeOrder,
  seedPincodesWithFailingDelivery,
  TEST_ADDRESS,
} from '../../testing/order-fixtures';
import { drawnText } from '../../testing/pdf-text';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { onPostgres, openSecondConnection, TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';
import { DISPATCH_LEASE_MS } from './dispatch-service';

const clock = createTestClock('2031-03-10T04:00:00.000Z');
const env = {
  BACKGROUND_JOBS: 'false',
  SANDBOX_COURIER_SPEED: '1',
  SANDBOX_COURIER_TOKEN: randomBytes(24).toString('base64url'),
};
const store = setUpTestStore({ clock, env, seed: seedPincodesWithFailingDelivery, admin: true });

/** A jute potli bag as packed (decision 0077): 40 g in a 14 x 10 x 3 cm pouch. */
async function potliBag() {
  const product = await createTestProduct(store.database, { name: 'Jute Potli Bag', stock: 5000 });
  await store.database.db
    .update(products)
    .set({ weightGrams: 40, lengthCm: 14, breadthCm: 10, heightCm: 3 })
    .where(eq(products.id, product.id));
  return product;
}

/**
 * `count` paid orders of 6 potli bags: one placed and paid through the API, the others copies of
 * its rows (as many checkouts would write them), so a test of hundreds stays quick.
 */
async function paidOrders(count: number, product?: Awaited<ReturnType<typeof potliBag>>): Promise<string[]> {
  const bag = product ?? (await potliBag());
  const buyer = await store.newCustomer();
  const created = await placeOrder(store.app, buyer.headers, [{ product: bag, quantity: 6 }], {
    address: { ...TEST_ADDRESS, postalCode: '110001' },
  });
  await payOrder(store.app, buyer.headers, created);
  const { db } = store.database;
  const [template] = await db.select().from(orders).where(eq(orders.id, created.orderId));
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, created.orderId));
  const { id: _id, ...order } = template!;
  const copies = await db
    .insert(orders)
    .values(
      Array.from({ length: count - 1 }, (_, index) => ({
        ...order,
        orderNumber: `${template!.orderNumber}-${index + 1}`,
        providerOrderId: null,
        idempotencyKey: null,
        createdAt: new Date(template!.createdAt.getTime() + index + 1),
      })),
    )
    .returning({ id: orders.id });
  if (copies.length > 0) {
    await db
      .insert(orderItems)
      .values(
        copies.flatMap((copy) =>
          lines.map(({ id: _lineId, orderId: _orderId, ...line }) => ({ ...line, orderId: copy.id })),
        ),
      );
  }
  const ids = [created.orderId, ...copies.map((copy) => copy.id)];
  return ids;
}

const startJob = async (payload: Record<string, unknown>, app: FastifyInstance = store.app) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/dispatch-jobs',
    headers: store.admin.headers,
    payload,
  });
  return response;
};

const started = async (payload: Record<string, unknown>): Promise<DispatchJob> => {
  const response = await startJob(payload);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<DispatchJobResponse>().job;
};

const jobNow = async (jobId: string): Promise<DispatchJob> => {
  const response = await store.app.inject({
    url: `/api/admin/dispatch-jobs/${jobId}`,
    headers: store.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DispatchJobResponse>().job;
};

/** What an instance's timer does: turns of work until none is left. */
async function drain(app: FastifyInstance) {
  while ((await app.dispatch.work()) > 0) {
    // next turn
  }
}

/**
 * How many orders the large jobs book. Each booking is five courier calls, a label drawn and about
 * 25 queries, and PGlite answers one query at a time: 250 took 29-55 s of the embedded Vitest run
 * (98 s on a loaded machine). The acceptance test's full 250 runs in CI's PostgreSQL pass (`npm run
 * test:api` with TEST_DATABASE_URL, two pools as two instances have); the embedded run books enough
 * for several turns of both instances and proves the same: each order booked once, the tab gone.
 */
const BULK = onPostgres
  ? { orders: 250, manifest: '250 parcels, 85.00 kg', labelled: 101 }
  : { orders: 40, manifest: '40 parcels, 13.60 kg', labelled: 12 };

const openShipmentsOf = (orderIds: string[]) =>
  store.database.db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), isNull(shipments.cancelledAt)));

describe('dispatch jobs: booking the courier', () => {
  it(`books ${BULK.orders} orders${onPostgres ? '' : ' (250 on PostgreSQL)'} once each after the tab has gone, with two instances at work (${TWO_INSTANCES_ON})`, async () => {
    const orderIds = await paidOrders(BULK.orders);
    // The owner starts the job from "Ship today" and closes the tab: the answer is all it gets.
    const job = await started({ kind: 'book', orderIds });
    expect(job).toMatchObject({
      kind: 'book',
      total: BULK.orders,
      waiting: BULK.orders,
      done: 0,
      failed: 0,
      finished: false,
    });

    const secondDatabase = await openSecondConnection(store.database);
    const second = await createTestApp(secondDatabase, { clock, env });
    try {
      await Promise.all([drain(store.app), drain(second)]);
    } finally {
      await second.close();
      await secondDatabase.close();
    }

    const finished = await jobNow(job.id);
    expect(finished).toMatchObject({
      total: BULK.orders,
      waiting: 0,
      done: BULK.orders,
      failed: 0,
      finished: true,
    });
    expect(finished.orders[0]?.message).toMatch(/^AWB \S+ with /);
    const booked = await openShipmentsOf(orderIds);
    expect(booked).toHaveLength(BULK.orders);
    expect(new Set(booked.map((shipment) => shipment.orderId)).size).toBe(BULK.orders);
    // The courier was asked once per order, never twice.
    const numbers = (await store.database.db.select().from(orders).where(inArray(orders.id, orderIds))).map(
      (order) => order.orderNumber,
    );
    const [courierCalls] = await store.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sandboxParcels)
      .where(inArray(sandboxParcels.channelOrderId, numbers));
    expect(courierCalls?.total).toBe(BULK.orders);
    // Six 40 g potli bags in the 20 x 15 x 12 cm box (100 g empty), not one bag's default times six.
    expect(booked[0]).toMatchObject({ weightGrams: 340, lengthCm: 20, breadthCm: 15, heightCm: 12 });

    // Asked again, nothing is booked twice: each order says why.
    const again = await started({ kind: 'book', orderIds: orderIds.slice(0, 10) });
    await drain(store.app);
    const refused = await jobNow(again.id);
    expect(refused).toMatchObject({ done: 0, failed: 10 });
    expect(refused.orders[0]?.message).toBe(SHIPPING_MESSAGES.alreadyShipped);
    expect(await openShipmentsOf(orderIds)).toHaveLength(BULK.orders);

    // The pickup manifest lists the batch.
    const manifest = await store.app.inject({
      url: `/api/admin/dispatch-jobs/${job.id}/manifest.pdf`,
      headers: store.admin.headers,
    });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/pdf');
    const text = drawnText(manifest.rawPayload);
    expect(text).toContain('PICKUP MANIFEST');
    expect(text).toContain(numbers[0]);
    expect(text).toContain(booked[0]!.awb);
    expect(text).toContain(BULK.manifest);
    // Hundreds of courier calls: more than the default allowance on a shared, busy test machine.
  }, 120_000);

  it("leaves a stopped instance's orders to the next after the lease, and resumes the ones that failed", async () => {
    const product = await potliBag();
    const [paid, other] = await paidOrders(2, product);
    const buyer = await store.newCustomer();
    const unpaid = await placeOrder(store.app, buyer.headers, [{ product, quantity: 6 }]);
    const job = await started({ kind: 'book', orderIds: [paid, other, unpaid.orderId] });
    // An instance claimed the first two and stopped (a deploy) before booking them.
    await store.database.db
      .update(dispatchJobOrders)
      .set({ state: 'working', attempts: 1, leaseUntil: new Date(clock.now().getTime() + DISPATCH_LEASE_MS) })
      .where(and(eq(dispatchJobOrders.jobId, job.id), inArray(dispatchJobOrders.orderId, [paid!, other!])));

    await drain(store.app);
    let now = await jobNow(job.id);
    expect(now.orders.map((order) => order.state)).toEqual(['working', 'working', 'failed']);
    expect(now.orders[2]?.message).toBe(SHIPPING_MESSAGES.notShippable);

    clock.set(new Date(clock.now().getTime() + DISPATCH_LEASE_MS + 1000));
    await drain(store.app);
    await payOrder(store.app, buyer.headers, unpaid);
    const resumed = await store.app.inject({
      method: 'POST',
      url: `/api/admin/dispatch-jobs/${job.id}/resume`,
      headers: store.admin.headers,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<DispatchJobResponse>().job).toMatchObject({ waiting: 1, done: 2, failed: 0 });
    await drain(store.app);
    now = await jobNow(job.id);
    expect(now).toMatchObject({ done: 3, failed: 0, finished: true });
    expect(await openShipmentsOf([paid!, other!, unpaid.orderId])).toHaveLength(3);
  });
});

describe('dispatch jobs: printing', () => {
  it('prints labels only once their bookings are done, and slips for more than 100 orders', async () => {
    const orderIds = await paidOrders(101);
    // The labels of the orders booked (all 101 on PostgreSQL, a few on PGlite: see BULK).
    const toLabel = orderIds.slice(0, BULK.labelled);
    const booking = await started({ kind: 'book', orderIds: toLabel });
    const early = await startJob({ kind: 'labels', orderIds: toLabel });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(DISPATCH_MESSAGES.labelsWaitForBookings);

    await drain(store.app);
    expect(await jobNow(booking.id)).toMatchObject({ done: BULK.labelled });
    const labels = await started({ kind: 'labels', orderIds: toLabel });
    const slips = await started({ kind: 'slips', orderIds });
    const notYet = await store.app.inject({
      url: `/api/admin/dispatch-jobs/${slips.id}/file`,
      headers: store.admin.headers,
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<{ message: string }>().message).toBe(DISPATCH_MESSAGES.notFinished);
    await drain(store.app);

    const pages = async (jobId: string) => {
      const file = await store.app.inject({
        url: `/api/admin/dispatch-jobs/${jobId}/file`,
        headers: store.admin.headers,
      });
      expect(file.statusCode, file.body).toBe(200);
      return (await PDFDocument.load(file.rawPayload)).getPageCount();
    };
    // One label page per order booked.
    expect(await pages(labels.id)).toBe(BULK.labelled);
    // A slip per order, and the invoice of the one paid through the checkout.
    expect(await pages(slips.id)).toBe(102);
    const list = await store.app.inject({ url: '/api/admin/dispatch-jobs', headers: store.admin.headers });
    expect(list.json<{ jobs: { id: string }[] }>().jobs.map((job) => job.id)).toEqual(
      expect.arrayContaining([slips.id, labels.id, booking.id]),
    );
    // 101 bookings on PostgreSQL and a PDF of 102 pages: 29.5 s at load 23 on two cores.
  }, 120_000);

  it('refuses what it cannot do with a message and changes nothing', async () => {
    const missing = await startJob({ kind: 'book', orderIds: ['5f1c8f3e-0000-4000-8000-000000000000'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(
      'Some of the chosen orders were not found; reload the list',
    );
    const unknownKind = await startJob({ kind: 'gift-wrap', orderIds: [] });
    expect(unknownKind.statusCode).toBe(400);
    const notAJob = await store.app.inject({
      url: '/api/admin/dispatch-jobs/not-a-job',
      headers: store.admin.headers,
    });
    expect(notAJob.statusCode).toBe(400);
  });
});
