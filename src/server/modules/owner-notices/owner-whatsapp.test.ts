import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMessages } from '../../../shared/api/messaging';
import type { OwnerSettingsResponse } from '../../../shared/owner-settings';
import { mailOutbox, notificationOutbox } from '../../db/schema';
import { moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import type { TestAccount } from '../../testing/test-accounts';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Nobody tells the owner: new paid orders, return requests and enquiries reach the
// owner's WhatsApp as well as their e-mail, at once or in the digest, as the owner's settings say.

const clock = createTestClock('2026-11-23T10:10:00+05:30');
const ENV = { BACKGROUND_JOBS: 'false' };
const store = setUpTestStore({ clock, env: ENV, seed: seedPincodes, customer: true, admin: true });
const OWNER_PHONE = '9845012345';

let second: FastifyInstance;
beforeAll(async () => {
  second = await createTestApp(store.database, { env: ENV, clock });
});
afterAll(async () => {
  await second?.close();
});

async function setOwnerChoice(owner: TestAccount, choice: { ownerWhatsApp: string; ownerNotify: string }) {
  const current = await store.app.inject({ url: '/api/admin/settings', headers: owner.headers });
  const { settings } = current.json<OwnerSettingsResponse>();
  const saved = await store.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: owner.headers,
    payload: { ...settings, ...choice },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<OwnerSettingsResponse>().settings;
}

const ownerRows = () =>
  store.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.audience, 'owner'))
    .orderBy(notificationOutbox.id);

async function ownerWhatsApps() {
  const response = await store.app.inject({ url: '/api/admin/messages', headers: store.admin.headers });
  return response.json<AdminMessages>().data.filter((message) => message.to === OWNER_PHONE);
}

async function paidOrder() {
  const product = await createTestProduct(store.database, { priceRupees: 1348, stock: 5 });
  const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
  await payOrder(store.app, store.customer.headers, created);
  return { created, product };
}

const enquiry = {
  occasion: 'Griha pravesh',
  productsOrBudget: 'Silver coins',
  quantity: 40,
  neededBy: '2026-12-10',
  name: 'Priya Sharma',
  phone: '98450 11111',
  email: 'priya.sharma@example.com',
};

describe("the owner's WhatsApp", () => {
  it('hears nothing until the owner gives a number: e-mail alone, as configured', async () => {
    await paidOrder();
    expect(await ownerRows()).toEqual([]);
  });

  it('hears each new paid order, return request and enquiry at once, once each, with the e-mail', async () => {
    const settings = await setOwnerChoice(store.admin, {
      ownerWhatsApp: '+91 98450 12345',
      ownerNotify: 'immediate',
    });
    expect(settings).toMatchObject({ ownerWhatsApp: OWNER_PHONE, ownerNotify: 'immediate' });

    const { created, product } = await paidOrder();
    await moveOrderAlong(store.app, store.admin.headers, created.orderId, STEPS_TO_DELIVERED.slice(1));
    const returned = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${created.orderId}/returns`,
      headers: store.customer.headers,
      payload: { items: [{ productId: product.id, quantity: 1 }], reason: 'The lid arrived cracked' },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const enquired = await store.app.inject({ method: 'POST', url: '/api/bulk-enquiries', payload: enquiry });
    expect(enquired.statusCode, enquired.body).toBe(201);

    const rows = await ownerRows();
    expect(rows.map((row) => [row.channel, row.recipient, row.status])).toEqual([
      ['whatsapp', OWNER_PHONE, 'queued'],
      ['whatsapp', OWNER_PHONE, 'queued'],
      ['whatsapp', OWNER_PHONE, 'queued'],
    ]);
    // The e-mail still goes, at once, to the customer-care address.
    const mails = (
      await store.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'owner-paid-order'))
    ).filter((mail) => mail.subject.includes(created.orderNumber));
    expect(mails.map((mail) => mail.recipient)).toEqual(['hello@utsavgifts.in']);

    // Told again (a repeated webhook, a retried request): the event's key keeps it to one message.
    await store.database.db.transaction((tx) =>
      store.app.ownerNotices.tell(tx, {
        key: `paid-${created.orderId}`,
        kind: 'paid-order',
        summary: 'again',
        link: 'http://localhost:3000/admin',
      }),
    );
    expect(await ownerRows()).toHaveLength(3);

    // Two instances share the outbox: each message goes once.
    await Promise.all([store.app.notifications.sendDue(50), second.notifications.sendDue(50)]);
    expect((await ownerRows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    const texts = (await ownerWhatsApps()).map((message) => message.text).reverse();
    expect(texts).toHaveLength(3);
    expect(texts[0]).toBe(
      `New paid order ${created.orderNumber}: ₹1,348 from Test Shopper\n\nOpen it in the back office: http://localhost:3000/admin/orders/${created.orderId}`,
    );
    expect(texts[1]).toMatch(new RegExp(`^Return requested on order ${created.orderNumber}: 1 item, ₹1,348`));
    expect(texts[2]).toMatch(/^Bulk enquiry #\d+: 40 pieces from Priya Sharma/);
    const [first] = await ownerWhatsApps();
    expect(first?.template).toBe('owner_notice');
  });

  it('gets the hourly digest once, with the e-mail, when the owner chose it', async () => {
    await setOwnerChoice(store.admin, { ownerWhatsApp: OWNER_PHONE, ownerNotify: 'hourly' });
    const before = (await ownerRows()).length;
    await paidOrder();
    await store.app.inject({ method: 'POST', url: '/api/bulk-enquiries', payload: enquiry });
    expect(await ownerRows()).toHaveLength(before);
    expect((await store.app.ownerNotices.waiting()).map((notice) => notice.kind)).toEqual([
      'paid-order',
      'bulk-enquiry',
    ]);

    clock.set(new Date('2026-11-23T11:05:00+05:30'));
    const carried = await Promise.all([
      store.app.ownerNotices.sendDigest(),
      second.ownerNotices.sendDigest(),
    ]);
    expect(carried.sort()).toEqual([0, 2]);
    const rows = await ownerRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.details).toEqual({
      summary: 'Utsav Gifts digest to 23 Nov 2026, 11:00 am: 1 new paid order, 1 bulk enquiry',
      link: 'http://localhost:3000/admin',
    });
  });

  it('is refused a number that is not a mobile', async () => {
    const current = await store.app.inject({ url: '/api/admin/settings', headers: store.admin.headers });
    const response = await store.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: store.admin.headers,
      payload: { ...current.json<OwnerSettingsResponse>().settings, ownerWhatsApp: '1800 123 4567' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'ownerWhatsApp', message: "Owner's WhatsApp must be a 10-digit mobile number, or empty" },
    ]);
  });
});
