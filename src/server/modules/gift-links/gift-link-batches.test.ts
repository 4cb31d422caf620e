import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderList } from '../../../shared/api/admin';
import type { CreateGiftLinkBatchResponse } from '../../../shared/api/gift-links';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { GIFT_LINK_LIST_MESSAGES, GIFT_LINK_MESSAGES } from '../../../shared/gift-links';
import { GSTIN_MESSAGE } from '../../../shared/gstin';
import { toPaise } from '../../../shared/money';
import {
  giftLinkBatches,
  giftLinks,
  invoices,
  mailOutbox,
  notificationOutbox,
  orderCharges,
  orders,
  ownerNotices,
  payments,
  products,
} from '../../db/schema';
import {
  BENGALURU,
  batchBody,
  employeeList,
  ledgerOf,
  paidBatch,
  postBatch,
  saveOwnerSettings,
  senderWithPhone,
  verifyBatch,
} from '../../testing/gift-link-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';
import { sandboxId } from '../payment-providers';

// Decision 0090: one gift to many recipients from one checkout, each an order of its own, paid once.

const MORNING = '2026-11-23T11:00:00+05:30';
const clock = createTestClock(MORNING);
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

beforeAll(async () => {
  // A corporate list is many links in a day: the owner's limit allows this file's.
  await saveOwnerSettings(store, { giftLinksPerDay: 1000 });
});

const childrenOf = (batchId: string, { database } = store) =>
  database.db.select().from(orders).where(eq(orders.giftBatchId, batchId)).orderBy(asc(orders.orderNumber));

describe('many recipients in one checkout', () => {
  it('makes 50 orders under one payment whose totals add up to the paisa, each sent its link', async () => {
    const { batch, product } = await paidBatch(store, 50);
    // Each: ₹450 diyas, ₹50 shipping (under ₹1,000) and the midnight slot's ₹199 = ₹699; 50 of them.
    expect(batch).toMatchObject({ orders: 50, totalAmount: 34_950, order: { amount: 3_495_000 } });
    const children = await childrenOf(batch.orderId);
    expect(children).toHaveLength(50);
    expect(children.every((child) => child.status === 'paid' && child.totalPaise === 69_900)).toBe(true);
    expect(children.reduce((sum, child) => sum + child.totalPaise, 0)).toBe(3_495_000);
    // Each order its own charges list, priced by the one model.
    const fees = await store.database.db
      .select({ kind: orderCharges.kind, paise: sql<number>`sum(${orderCharges.amountPaise})::int` })
      .from(orderCharges)
      .where(
        inArray(
          orderCharges.orderId,
          children.map((child) => child.id),
        ),
      )
      .groupBy(orderCharges.kind)
      .orderBy(orderCharges.kind);
    expect(fees).toEqual([
      { kind: 'delivery_slot', paise: 50 * 19_900 },
      { kind: 'shipping', paise: 50 * 5000 },
    ]);
    // One provider payment, one share an order, each its order's total: 50 ledger lines of ₹699.
    const shares = await store.database.db
      .select({ providerPaymentId: payments.providerPaymentId, paise: payments.amountPaise })
      .from(payments)
      .where(eq(payments.giftBatchId, batch.orderId));
    expect(new Set(shares.map((share) => share.providerPaymentId)).size).toBe(1);
    expect(shares.reduce((sum, share) => sum + share.paise, 0)).toBe(3_495_000);
    const firstLedger = await ledgerOf(store, children[0]?.id ?? '');
    expect(firstLedger).toEqual([{ kind: 'captured', paise: 69_900, reason: 'payment' }]);
    // Every recipient's link is sent, with the row's own message or the batch's.
    const links = await store.database.db
      .select({ state: giftLinks.state, message: giftLinks.message })
      .from(giftLinks)
      .where(
        inArray(
          giftLinks.orderId,
          children.map((child) => child.id),
        ),
      );
    expect(links.filter((link) => link.state === 'sent')).toHaveLength(50);
    expect(links.filter((link) => link.message === 'Happy Diwali from all of us')).toHaveLength(25);
    expect(links.filter((link) => link.message === 'With thanks for a wonderful year')).toHaveLength(25);
    const sent = await store.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.notice, 'gift_link'),
          inArray(
            notificationOutbox.orderId,
            children.map((child) => child.id),
          ),
        ),
      );
    expect(sent).toHaveLength(50);
    // One payment is announced once: no 50 confirmations to the buyer, one notice to the owner.
    const childIds = children.map((child) => child.id);
    expect(
      await store.database.db.$count(
        mailOutbox,
        and(inArray(mailOutbox.orderId, childIds), eq(mailOutbox.kind, 'order-confirmation')),
      ),
    ).toBe(0);
    const told = `New paid gift links to 50 recipients, from ${children[0]?.orderNumber}: ₹34,950`;
    const notices =
      (await store.database.db.$count(mailOutbox, like(mailOutbox.text, `%${told}%`))) +
      (await store.database.db.$count(ownerNotices, like(ownerNotices.summary, `${told}%`)));
    expect(notices).toBe(1);
    const [row] = await store.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(5);
  });

  it('changes nothing for a forged signature, and the webhook of the real payment pays every order once', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
    const created = await postBatch(store, sender, batchBody(product, employeeList(3), 3));
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json<CreateGiftLinkBatchResponse>();
    const forged = await verifyBatch(store, sender, batch, 'ab'.repeat(32));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(PAYMENT_MESSAGES.verificationFailed);
    expect((await childrenOf(batch.orderId)).map((child) => child.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(await store.database.db.$count(payments, eq(payments.giftBatchId, batch.orderId))).toBe(0);
    // Another account cannot pay or see it: 404.
    const other = await store.app.inject({
      method: 'POST',
      url: '/api/gift-links/batches/verify',
      headers: store.customer.headers,
      payload: {
        orderId: batch.orderId,
        razorpay_order_id: batch.order.id,
        razorpay_payment_id: 'pay_x',
        razorpay_signature: store.app.sandboxProvider!.signPayment(batch.order.id, 'pay_x'),
      },
    });
    expect(other.statusCode).toBe(404);
    // A recipient's order cannot be paid alone.
    const alone = await store.app.inject({
      method: 'POST',
      url: `/api/orders/${(await childrenOf(batch.orderId))[0]?.id}/payment`,
      headers: sender.headers,
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(GIFT_LINK_MESSAGES.paidWithBatch);
    // The provider's signed webhook, twice: every order paid, each share recorded once.
    const webhook = (paymentId: string) => {
      const body = Buffer.from(
        JSON.stringify({
          event: 'payment.captured',
          payload: {
            payment: {
              entity: {
                id: paymentId,
                order_id: batch.order.id,
                amount: batch.order.amount,
                currency: 'INR',
                method: 'upi',
              },
            },
          },
        }),
      );
      return store.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': store.app.sandboxProvider!.signWebhook(body),
        },
        payload: body,
      });
    };
    const paymentId = sandboxId('pay');
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect((await childrenOf(batch.orderId)).map((child) => child.status)).toEqual(['paid', 'paid', 'paid']);
    const shares = await store.database.db
      .select({ paise: payments.amountPaise })
      .from(payments)
      .where(eq(payments.giftBatchId, batch.orderId));
    expect(shares).toEqual([{ paise: 69_900 }, { paise: 69_900 }, { paise: 69_900 }]);
    const [paidBatchRow] = await store.database.db
      .select({ paidAt: giftLinkBatches.paidAt })
      .from(giftLinkBatches)
      .where(eq(giftLinkBatches.id, batch.orderId));
    expect(paidBatchRow?.paidAt).not.toBeNull();
  });

  it('tells its buyer once, after the payment, the links sent and those that reached nobody', async () => {
    const sender = await senderWithPhone(store, 'Meera Iyer');
    const product = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
    const list = employeeList(3);
    // The second employee's number asked for no messages: its link cannot go.
    const stopped = list.split('\n')[1]?.split(', ')[1] ?? '';
    await store.app.messaging.sandbox.reply(stopped, 'STOP', 'sms');
    const created = await postBatch(store, sender, batchBody(product, list, 3));
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json<CreateGiftLinkBatchResponse>();
    expect((await verifyBatch(store, sender, batch)).statusCode).toBe(200);
    // Another payment of the paid batch goes back whole, and no second mail.
    expect((await verifyBatch(store, sender, batch)).statusCode).toBe(200);
    const mails = await store.database.db
      .select({ recipient: mailOutbox.recipient, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'gift-batch'), eq(mailOutbox.recipient, sender.user.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 gift links sent, 1 not sent');
    expect(mails[0]?.text).toContain('We sent 2 gift links: each recipient chooses where and when');
    expect(mails[0]?.text).toContain('1 gift link could not be sent');
    expect(mails[0]?.text).toMatch(/My Orders:\n\nhttps?:\/\/\S+\/orders$/m);
  });

  it('refuses a list with a bad row before any order or payment, naming the row', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
    const before = await store.database.db.$count(orders);
    const list = 'Ravi Kumar, 9845012345\nSunita Das, 12345\nArjun Mehta, arjun@example.com';
    const response = await postBatch(store, sender, batchBody(product, list, 3));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(GIFT_LINK_LIST_MESSAGES.badRows);
    expect(response.json().errors).toEqual([
      { path: 'list.2', message: 'Row 2: Please enter a valid 10-digit mobile number' },
    ]);
    expect(await store.database.db.$count(orders)).toBe(before);
  });

  it('refuses a total that is not every recipient’s order added up, creating nothing', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
    const before = await store.database.db.$count(orders);
    const body = batchBody(product, employeeList(4), 4);
    const response = await postBatch(store, sender, { ...body, totalAmount: (body.totalAmount ?? 0) - 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.pricesChanged);
    expect(await store.database.db.$count(orders)).toBe(before);
  });
});

describe("a batch's refunds go row by row", () => {
  // The expiry sweep takes every lapsed link of its database, and this test moves its clock ten
  // days on. On the file's store it also cancelled and refunded the 56 orders the tests before it
  // left (1,978 statements instead of 242: past 30 s under load), and once timed out it ran on,
  // its clock ten days late, under the next test ("The earliest delivery date for this pincode is
  // Mon, 30 Nov"). A store and clock of its own keep it to its own batch.
  const refundClock = createTestClock(MORNING);
  const refundStore = setUpTestStore({
    clock: refundClock,
    env: { BACKGROUND_JOBS: 'false' },
    seed: seedPincodes,
  });

  it("refunds one recipient's cheaper delivery and another's expiry from their own orders only", async () => {
    const { batch } = await paidBatch(refundStore, 3);
    const [cheaper, lapsed, alsoLapsed] = await childrenOf(batch.orderId, refundStore);
    if (!cheaper || !lapsed || !alsoLapsed) throw new Error('three orders expected');
    // The first recipient picks standard delivery: the ₹199 midnight fee comes back to them alone.
    const [cheaperLink] = await refundStore.database.db
      .select({ phone: giftLinks.recipientPhone })
      .from(giftLinks)
      .where(eq(giftLinks.orderId, cheaper.id));
    const [tokenRow] = await refundStore.database.db
      .select({ details: notificationOutbox.details })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.orderId, cheaper.id), eq(notificationOutbox.notice, 'gift_link')));
    expect(cheaperLink?.phone).toBeTruthy();
    const accepted = await refundStore.app.inject({
      method: 'POST',
      url: `/api/gift-links/${String(tokenRow?.details.token)}/accept`,
      payload: { address: BENGALURU, delivery: { date: '2026-11-24', slot: 'standard' } },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The others lapse in seven days; three more without a choice, both are refunded in full...
    refundClock.set('2026-11-30T11:00:01+05:30');
    await refundStore.app.giftLinks.expireDue();
    refundClock.set('2026-12-03T11:00:02+05:30');
    await refundStore.app.giftLinks.expireDue();
    expect(await ledgerOf(refundStore, cheaper.id)).toEqual([
      { kind: 'captured', paise: 69_900, reason: 'payment' },
      { kind: 'refunded', paise: 19_900, reason: 'gift_delivery' },
    ]);
    expect(await ledgerOf(refundStore, lapsed.id)).toEqual([
      { kind: 'captured', paise: 69_900, reason: 'payment' },
      { kind: 'refunded', paise: 69_900, reason: 'cancelled' },
    ]);
    // ...each from its own share of the one payment, which the provider refunded in parts.
    const shares = await refundStore.database.db
      .select({ orderId: payments.orderId, refunded: payments.refundedPaise, id: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.giftBatchId, batch.orderId));
    const refundedOf = (orderId: string) => shares.find((share) => share.orderId === orderId)?.refunded;
    expect(refundedOf(cheaper.id)).toBe(19_900);
    expect(refundedOf(lapsed.id)).toBe(69_900);
    expect(refundedOf(alsoLapsed.id)).toBe(69_900);
    const providerRefunds = refundStore.app.sandboxProvider!.refundsOf(shares[0]?.id ?? '');
    expect(providerRefunds.map((refund) => refund.amount).sort((a, b) => a - b)).toEqual([
      19_900, 69_900, 69_900,
    ]);
    expect(toPaise(batch.totalAmount)).toBe(3 * 69_900);
  });
});

describe("a corporate buyer's GSTIN", () => {
  it("is printed on every recipient's invoice, with the recipient's State as the place of supply", async () => {
    const { batch } = await paidBatch(store, 2, {
      business: { gstin: '27 aapfu 0939 f1zv', legalName: 'Acme Widgets Private Limited' },
    });
    const children = await childrenOf(batch.orderId);
    expect(children).toHaveLength(2);
    for (const child of children) {
      const [sent] = await store.database.db
        .select({ details: notificationOutbox.details })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.orderId, child.id), eq(notificationOutbox.notice, 'gift_link')));
      const accepted = await store.app.inject({
        method: 'POST',
        url: `/api/gift-links/${String(sent?.details.token)}/accept`,
        payload: { address: BENGALURU, delivery: { date: '2026-11-24', slot: 'midnight' } },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const [invoice] = await store.database.db
        .select({ data: invoices.data })
        .from(invoices)
        .where(eq(invoices.orderId, child.id));
      expect(invoice?.data).toMatchObject({
        buyer: { gstin: '27AAPFU0939F1ZV', legalName: 'Acme Widgets Private Limited' },
        placeOfSupply: { state: 'Karnataka' },
        totals: { total: 699 },
      });
    }
  });

  it('refuses a GSTIN whose check character is wrong, creating nothing', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
    const before = await store.database.db.$count(orders);
    const response = await postBatch(
      store,
      sender,
      batchBody(product, employeeList(2), 2, {
        business: { gstin: '27AAPFU0939F1ZX', legalName: 'Acme Widgets Private Limited' },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'business.gstin', message: GSTIN_MESSAGE }]);
    expect(await store.database.db.$count(orders)).toBe(before);
  });
});

describe("the owner's view of a batch", () => {
  it('lists its orders together, waiting or answered, and shows a link opened from five devices as flagged', async () => {
    const { batch } = await paidBatch(store, 3);
    const children = await childrenOf(batch.orderId);
    const listed = await store.app.inject({
      url: `/api/admin/orders?batch=${batch.orderId}`,
      headers: store.admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<AdminOrderList>().data.map((row) => [row.orderNumber, row.giftBatchId])).toEqual(
      children.map((child) => [child.orderNumber, batch.orderId]).reverse(),
    );
    const [first] = children;
    const [sent] = await store.database.db
      .select({ details: notificationOutbox.details })
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.orderId, first?.id ?? ''), eq(notificationOutbox.notice, 'gift_link')),
      );
    for (const device of ['Pixel 7', 'iPhone 15', 'Galaxy S23', 'Redmi Note 12', 'OnePlus 11']) {
      const opened = await store.app.inject({
        url: `/api/gift-links/${String(sent?.details.token)}`,
        headers: { 'user-agent': `Mozilla/5.0 (${device})` },
      });
      expect(opened.statusCode).toBe(200);
    }
    const detail = await store.app.inject({
      url: `/api/admin/orders/${first?.id}`,
      headers: store.admin.headers,
    });
    expect(detail.json<AdminOrderDetail>()).toMatchObject({
      giftBatch: { id: batch.orderId, orders: 3 },
      giftLinkFlaggedAt: clock.now().toISOString(),
    });
    const second = await store.app.inject({
      url: `/api/admin/orders/${children[1]?.id}`,
      headers: store.admin.headers,
    });
    expect(second.json<AdminOrderDetail>().giftLinkFlaggedAt).toBeNull();
  });
});
