import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_RULES } from '../../../shared/auth';
import {
  addresses,
  invoices,
  mailOutbox,
  notificationOutbox,
  orders,
  reviews,
  sandboxMessages,
  users,
} from '../../db/schema';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { lastSandboxCode } from '../../testing/test-accounts';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { CONFIRMATION_WRONG, ERASED_NAME, STAFF_CANNOT_ERASE } from './index';

const clock = createTestClock(new Date());
const store = setUpTestStore({ clock, seed: seedPincodes });

const erase = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url: '/api/account/erase', headers, payload });

describe('POST /api/account/erase', () => {
  it('erases the account but keeps its invoice with the buyer as issued', async () => {
    const shopper = await store.newCustomer({ fullName: 'Meera Iyer' });
    const other = await store.newCustomer({ fullName: 'Ravi Kumar' });
    const { db } = store.database;
    const saved = await store.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: shopper.headers,
      payload: {
        fullName: 'Meera Iyer',
        addressLine1: '4 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        phone: '9876543210',
      },
    });
    expect(saved.statusCode).toBe(201);
    const product = await createTestProduct(store.database, { name: 'Brass Diya', priceRupees: 450 });
    const created = await placeOrder(store.app, shopper.headers, [{ product, quantity: 2 }]);
    await payOrder(store.app, shopper.headers, created);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, created.orderId));
    expect(invoice).toBeDefined();
    await db.insert(notificationOutbox).values({
      dedupeKey: `test-${created.orderId}`,
      orderId: created.orderId,
      notice: 'order_shipped',
      channel: 'sms',
      recipient: '9876543210',
      audience: 'shopper',
      text: 'Meera, your Brass Diya has shipped to 4 Residency Road',
      status: 'sent',
    });
    await db
      .insert(reviews)
      .values({ productId: product.id, userId: shopper.user.id, rating: 5, text: 'Lovely glow' });
    await db.insert(addresses).values({
      userId: other.user.id,
      fullName: 'Ravi Kumar',
      addressLine1: '9 Park Street',
      city: 'Kolkata',
      postalCode: '700016',
      phone: '9123456780',
    });

    const wrong = await erase(shopper.headers, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CONFIRMATION_WRONG);
    expect(await db.select().from(addresses).where(eq(addresses.userId, shopper.user.id))).toHaveLength(1);

    const done = await erase(shopper.headers, { password: shopper.password });
    expect(done.statusCode).toBe(200);

    // Signed out everywhere, and signing in again answers as a wrong password does.
    expect((await store.app.inject({ url: '/api/auth/me', headers: shopper.headers })).statusCode).toBe(401);
    const login = await store.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: shopper.user.email, password: shopper.password },
    });
    const wrongLogin = await store.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.user.email, password: 'not-the-password' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(wrongLogin.json().message);

    const [account] = await db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(account).toMatchObject({ email: null, phone: null, passwordHash: null, fullName: ERASED_NAME });
    expect(account?.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(addresses).where(eq(addresses.userId, shopper.user.id))).toHaveLength(0);
    expect(await db.select().from(addresses).where(eq(addresses.userId, other.user.id))).toHaveLength(1);
    const [message] = await db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.orderId, created.orderId));
    expect(message).toMatchObject({ text: null, recipient: '' });

    // CGST Act s.36: the order and its invoice stay; the invoice names the buyer as issued, the
    // order keeps only the place of supply.
    const [order] = await db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(order?.totalPaise).toBe(created.order.amount);
    expect(order?.shippingAddress).toMatchObject({
      fullName: '',
      address: '',
      phone: '',
      postalCode: '560001',
    });
    const [kept] = await db.select().from(invoices).where(eq(invoices.orderId, created.orderId));
    expect(kept?.number).toBe(invoice?.number);
    expect(kept?.data).toMatchObject({ buyer: { name: 'Asha Rao' } });

    // The review stays, its author no longer named.
    const page = await store.app.inject({ url: `/api/products/${product.id}/reviews` });
    expect(page.json().data[0]).toMatchObject({ authorName: 'A customer', text: 'Lovely glow' });

    // The confirmation went to the address the account had.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'account-erased'));
    expect(mails.map((mail) => mail.recipient)).toEqual([shopper.user.email]);
  });

  it('asks a phone-only account for a code sent to its own number', async () => {
    const signIn = (path: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      store.app.inject({ method: 'POST', url: path, payload, headers, remoteAddress: '203.0.113.77' });
    const phone = '9988776655';
    expect((await signIn('/api/auth/otp/request', { phone })).statusCode).toBe(200);
    const verified = await signIn('/api/auth/otp/verify', {
      phone,
      code: await lastSandboxCode(store.database, phone),
      fullName: 'Lakshmi Menon',
      adult: true,
    });
    expect(verified.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${verified.json().token}` };
    expect((await erase(headers, { password: 'anything' })).statusCode).toBe(400);

    clock.set(new Date(clock.now().getTime() + OTP_RULES.resendAfterSeconds * 1000));
    const asked = await store.app.inject({
      method: 'POST',
      url: '/api/auth/phone/request',
      headers,
      payload: { phone },
      remoteAddress: '203.0.113.78',
    });
    expect(asked.statusCode).toBe(200);
    const done = await erase(headers, { code: await lastSandboxCode(store.database, phone) });
    expect(done.statusCode).toBe(200);
    const [row] = await store.database.db.select().from(users).where(eq(users.id, verified.json().user.id));
    expect(row).toMatchObject({ phone: null, fullName: ERASED_NAME });
    // The confirmation went by text to the number the account had.
    const [text] = await store.database.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, phone))
      .orderBy(desc(sandboxMessages.id))
      .limit(1);
    expect(text?.text).toContain('account has been deleted');
  });

  it('refuses a back-office account with a message', async () => {
    const owner = await store.newAdmin();
    const response = await erase(owner.headers, { password: owner.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(STAFF_CANNOT_ERASE);
    const [row] = await store.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('refuses a sixth attempt in the hour', async () => {
    const shopper = await store.newCustomer();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await erase(shopper.headers, { password: 'wrong-password' })).statusCode).toBe(400);
    }
    const refused = await erase(shopper.headers, { password: shopper.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
