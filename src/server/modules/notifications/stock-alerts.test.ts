import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminMessages } from '../../../shared/api/messaging';
import type { StockAlertAnswer } from '../../../shared/api/notifications';
import { consents, notificationOutbox } from '../../db/schema';
import { createTestProduct } from '../../testing/order-fixtures';
import { registerTestUser, type TestAccount, verifyTestPhone } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0071: "Notify me when it's back": one consented message per shopper and product, sent
// through the outbox and the messenger's sandbox when the product can be bought again.

// 11:00 India time: within the 9 am to 9 pm a marketing message may go out in.
const clock = createTestClock('2031-05-04T05:30:00.000Z');
const store = setUpTestStore({ clock, env: { BACKGROUND_JOBS: 'false' }, admin: true });

let phoneCounter = 0;
const newPhone = () => {
  phoneCounter += 1;
  return `97${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
};

async function shopperWithMobile(): Promise<{ shopper: TestAccount; phone: string }> {
  const shopper = await registerTestUser(store.app, { fullName: 'Kavya Reddy' });
  const phone = newPhone();
  await verifyTestPhone(store.app, store.database, shopper, phone);
  return { shopper, phone };
}

const ask = (shopper: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url: '/api/stock-alerts', headers: shopper.headers, payload });

const setStock = async (id: number, stock: number) => {
  const response = await store.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: store.admin.headers,
    payload: { stock },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** One pass of the background jobs: waiting alerts queued, the outbox sent. */
async function runJobs() {
  await store.app.notifications.queueStockAlerts();
  await store.app.notifications.sendDue();
}

async function messagesTo(phone: string) {
  const response = await store.app.inject({ url: '/api/admin/messages', headers: store.admin.headers });
  expect(response.statusCode).toBe(200);
  return response
    .json<AdminMessages>()
    .data.filter((message) => message.to === phone && message.template === 'back_in_stock');
}

describe("Notify me when it's back", () => {
  it('sends one WhatsApp message when stock returns, however often it is asked for or restocked', async () => {
    const product = await createTestProduct(store.database, { name: 'Jute Potli Bag', stock: 0 });
    const { shopper, phone } = await shopperWithMobile();

    const first = await ask(shopper, { productId: product.id, channel: 'whatsapp' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<StockAlertAnswer>().alert).toMatchObject({ productId: product.id, sentAt: null });
    expect((await ask(shopper, { productId: product.id, channel: 'whatsapp' })).statusCode).toBe(201);
    // The ask is a consent in the ledger, given once on the product page's form.
    const ledger = await store.database.db
      .select({
        purpose: consents.purpose,
        channel: consents.channel,
        given: consents.given,
        via: consents.via,
      })
      .from(consents)
      .where(and(eq(consents.userId, shopper.user.id), eq(consents.purpose, 'stock_alert')));
    expect(ledger).toEqual([{ purpose: 'stock_alert', channel: 'whatsapp', given: true, via: 'form' }]);

    await runJobs();
    expect(await messagesTo(phone)).toEqual([]);

    await setStock(product.id, 5);
    await runJobs();
    const sent = await messagesTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.channel).toBe('whatsapp');
    expect(sent[0]?.text).toContain('Good news: Jute Potli Bag is back in stock at Utsav Gifts.');
    expect(sent[0]?.text).toContain(`/product/jute-potli-bag-${product.id}`);
    expect(sent[0]?.text).toContain('Reply STOP');

    // Sold out and back again, and the jobs run again: still the one message.
    await setStock(product.id, 0);
    await runJobs();
    await setStock(product.id, 3);
    await runJobs();
    expect(await messagesTo(phone)).toHaveLength(1);
    const rows = await store.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.recipient, phone), eq(notificationOutbox.notice, 'back_in_stock')));
    expect(rows).toHaveLength(1);
    const answer = await store.app.inject({
      url: `/api/stock-alerts/${product.id}`,
      headers: shopper.headers,
    });
    expect(answer.json<StockAlertAnswer>().alert?.sentAt).not.toBeNull();
  });

  it('sends nothing to a shopper who withdrew the ask before the stock came back', async () => {
    const product = await createTestProduct(store.database, { name: 'Brass Pooja Bell', stock: 0 });
    const { shopper, phone } = await shopperWithMobile();
    expect((await ask(shopper, { productId: product.id, channel: 'sms' })).statusCode).toBe(201);
    const withdrawn = await store.app.inject({
      method: 'DELETE',
      url: `/api/stock-alerts/${product.id}`,
      headers: shopper.headers,
    });
    expect(withdrawn.json<StockAlertAnswer>()).toEqual({ alert: null });

    await setStock(product.id, 4);
    await runJobs();
    expect(await messagesTo(phone)).toEqual([]);
    const ledger = await store.database.db
      .select({ given: consents.given })
      .from(consents)
      .where(and(eq(consents.userId, shopper.user.id), eq(consents.purpose, 'stock_alert')));
    expect(ledger.map((row) => row.given)).toEqual([true, false]);
  });

  it('refuses a product in stock, a missing one, an account without a verified mobile and bad input', async () => {
    const inStock = await createTestProduct(store.database, { stock: 8 });
    const soldOut = await createTestProduct(store.database, { stock: 0 });
    const { shopper } = await shopperWithMobile();
    const noMobile = await registerTestUser(store.app);

    const cases: [{ headers: Record<string, string> }, Record<string, unknown>, number, string][] = [
      [shopper, { productId: inStock.id, channel: 'whatsapp' }, 409, 'It is in stock now'],
      [shopper, { productId: 999_999, channel: 'whatsapp' }, 404, 'That product is no longer available'],
      [noMobile, { productId: soldOut.id, channel: 'sms' }, 409, 'Sign in with your mobile number first'],
      [shopper, { productId: soldOut.id, channel: 'email' }, 400, 'channel must be whatsapp or sms'],
      [shopper, { productId: 'potli', channel: 'sms' }, 400, 'productId must be a product id'],
      [{ headers: {} }, { productId: soldOut.id, channel: 'sms' }, 401, ''],
    ];
    for (const [who, payload, status, message] of cases) {
      const response = await ask(who, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.body).toContain(message);
    }
    const written = await store.database.db
      .select({ id: consents.id })
      .from(consents)
      .where(eq(consents.purpose, 'stock_alert'));
    const before = written.length;
    expect((await ask(noMobile, { productId: soldOut.id, channel: 'sms' })).statusCode).toBe(409);
    expect(
      await store.database.db
        .select({ id: consents.id })
        .from(consents)
        .where(eq(consents.purpose, 'stock_alert')),
    ).toHaveLength(before);
  });
});
