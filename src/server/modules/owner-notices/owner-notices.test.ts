import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { TWO_INSTANCES_ON } from '../../testing/test-database';
import { setUpTestStore } from '../../testing/test-store';
import { digestPeriodEnd } from './owner-notices';

// Decision 0038: the owner hears of new paid orders, return requests and bulk enquiries by mail,
// at once or in an hourly or daily digest that goes out once whichever instance runs the job.

const clock = createTestClock('2026-11-23T10:10:00+05:30');
const OWNER = 'owner@utsavgifts.in';
const digestEnv = { BACKGROUND_JOBS: 'false', OWNER_NOTIFY: 'hourly', OWNER_NOTIFY_EMAIL: OWNER };
const store = setUpTestStore({ clock, env: digestEnv, seed: seedPincodes, customer: true });

let secondInstance: FastifyInstance;
let immediateInstance: FastifyInstance;
beforeAll(async () => {
  secondInstance = await createTestApp(store.database, { env: digestEnv, clock });
  immediateInstance = await createTestApp(store.database, {
    env: { BACKGROUND_JOBS: 'false', OWNER_NOTIFY: 'immediate' },
    clock,
  });
});
afterAll(async () => {
  await secondInstance?.close();
  await immediateInstance?.close();
});

const enquiry = {
  occasion: 'Griha pravesh',
  productsOrBudget: 'Silver coins',
  quantity: 40,
  neededBy: '2026-12-10',
  name: 'Priya Sharma',
  phone: '98450 12345',
  email: 'priya.sharma@example.com',
};

const ownerMails = () =>
  store.database.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.recipient, OWNER), inArray(mailOutbox.kind, ['owner-digest', 'owner-paid-order'])),
    );

async function paidOrder(app: FastifyInstance) {
  const product = await createTestProduct(store.database, { priceRupees: 1348, stock: 5 });
  const created = await placeOrder(app, store.customer.headers, [{ product, quantity: 1 }]);
  await payOrder(app, store.customer.headers, created);
  return created;
}

describe('the digest period', () => {
  it('ends at the last whole hour or at midnight, India time', () => {
    const at = new Date('2026-11-23T10:10:00+05:30');
    expect(digestPeriodEnd(at, 'hourly').toISOString()).toBe('2026-11-23T04:30:00.000Z');
    expect(digestPeriodEnd(at, 'daily').toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });
});

describe("the owner's notices", () => {
  it(`wait for the hourly digest, which two instances send once, with every link absolute (${TWO_INSTANCES_ON})`, async () => {
    const order = await paidOrder(store.app);
    const enquired = await store.app.inject({ method: 'POST', url: '/api/bulk-enquiries', payload: enquiry });
    expect(enquired.statusCode, enquired.body).toBe(201);
    expect((await store.app.ownerNotices.waiting()).map((notice) => notice.kind)).toEqual([
      'paid-order',
      'bulk-enquiry',
    ]);
    expect(await ownerMails()).toEqual([]);

    // Within the same hour nothing is due: the 10:00 period closed before these came in.
    expect(await store.app.ownerNotices.sendDigest()).toBe(0);
    expect(await store.app.ownerNotices.waiting()).toHaveLength(2);

    clock.set(new Date('2026-11-23T11:05:00+05:30'));
    const sent = await Promise.all([
      store.app.ownerNotices.sendDigest(),
      secondInstance.ownerNotices.sendDigest(),
    ]);
    expect(sent.sort()).toEqual([0, 2]);
    expect(await secondInstance.ownerNotices.sendDigest()).toBe(0);

    const mails = await ownerMails();
    expect(mails).toHaveLength(1);
    const [digest] = mails;
    expect(digest?.subject).toBe(
      'Utsav Gifts digest to 23 Nov 2026, 11:00 am: 1 new paid order, 1 bulk enquiry',
    );
    expect(digest?.text).toContain(`New paid order ${order.orderNumber}: ₹1,348 from`);
    expect(digest?.text).toContain(`http://localhost:3000/admin/orders/${order.orderId}`);
    expect(digest?.text).toContain('Bulk enquiry #');
    expect(digest?.text).toContain('http://localhost:3000/admin/bulk-enquiries');
    expect(digest?.html).toContain(`href="http://localhost:3000/admin/orders/${order.orderId}"`);
    expect(digest?.html).not.toMatch(/href="\//);
    expect(await store.app.ownerNotices.waiting()).toEqual([]);
  });

  it('go out at once as their own mail with OWNER_NOTIFY=immediate, to the customer-care address by default', async () => {
    const order = await paidOrder(immediateInstance);
    const [mail] = await store.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'owner-paid-order'), eq(mailOutbox.recipient, 'hello@utsavgifts.in')));
    expect(mail?.subject).toMatch(new RegExp(`^New paid order ${order.orderNumber}: ₹1,348 from `));
    expect(mail?.text).toContain(
      `Open it in the back office: http://localhost:3000/admin/orders/${order.orderId}`,
    );
    expect(mail?.html).toContain('Open in the back office');
    expect(await immediateInstance.ownerNotices.sendDigest()).toBe(0);
  });
});
