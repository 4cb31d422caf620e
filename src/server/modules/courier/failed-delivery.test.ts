import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import type {
  RefundsOwed,
  ReturnedParcelResponse,
  ShipmentResponse,
  ShipmentState,
} from '../../../shared/api/courier';
import { RTO_NOTES, SHIPPING_MESSAGES } from '../../../shared/api/courier';
import type { OrderRecord } from '../../../shared/api/orders';
import { COURIER_OWNS_MESSAGE } from '../../../shared/order-status';
import type { OwnerSettings } from '../../../shared/owner-settings';
import { RETURNED_PARCEL_MESSAGES } from '../../../shared/returned-parcels';
import {
  creditNotes,
  mailOutbox,
  moneyLedger,
  notificationOutbox,
  orderEvents,
  orders,
  payments,
  sandboxMessages,
  sandboxParcels,
} from '../../db/schema';
import { orderWithNews, saveOwnerSettings } from '../../testing/cod-fixtures';
import { courierScan } from '../../testing/courier-scans';
import { createTestProduct, seedPincodesWithFailingDelivery } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0065: once booked, the parcel's states are the courier's; the owner answers a failed
// delivery with the courier's own NDR actions, through the sandbox courier on a sped-up clock.
const clock = createTestClock('2031-03-10T04:00:00.000Z');
const store = setUpTestStore({
  clock,
  // Sixty times real time: a five-day journey takes two hours of the test clock.
  env: { BACKGROUND_JOBS: 'false', SANDBOX_COURIER_SPEED: '60' },
  seed: seedPincodesWithFailingDelivery,
});

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const ownerHeaders = async () => (await store.newAdmin()).headers;

const saveSettings = (changes: Partial<OwnerSettings>) => saveOwnerSettings(store, changes);

/**
 * A prepaid order of 2 x ₹1,198 = ₹2,396 (free shipping) to `postalCode`, whose shopper agreed to
 * order news on WhatsApp and e-mail from their verified mobile: all they could hear, they would.
 */
async function paidOrderTo(postalCode: string, paymentMethod: 'online' | 'cod' = 'online') {
  const product = await createTestProduct(store.database, { priceRupees: 1198, stock: 10 });
  const placed = await orderWithNews(store, {
    product,
    quantity: 2,
    postalCode,
    paymentMethod,
    // Cash on delivery adds its ₹49 fee.
    totalAmount: paymentMethod === 'cod' ? 2445 : 2396,
    notify: { whatsapp: true, sms: false, email: true },
  });
  return { ...placed, product };
}

async function ship(orderId: string) {
  const response = await store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: await ownerHeaders(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ShipmentResponse>().shipment;
}

const statusOf = async (orderId: string) =>
  (await store.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

const timeline = async (orderId: string) =>
  (
    await store.database.db
      .select({ status: orderEvents.status })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id)
  ).map((event) => event.status);

/** Every word the customer was sent or will be: WhatsApp as the sandbox got it, queued rows, e-mails. */
async function whatTheCustomerHears(orderId: string, phone: string) {
  await store.app.notifications.sendDue();
  const [queued, sent, mails] = await Promise.all([
    store.database.db
      .select({ notice: notificationOutbox.notice })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.orderId, orderId)),
    store.database.db
      .select({ text: sandboxMessages.text })
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, phone)),
    store.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, orderId)),
  ]);
  return {
    notices: queued.map((row) => row.notice),
    words: [...sent.map((row) => row.text), ...mails.flatMap((mail) => [mail.subject, mail.text])].join('\n'),
  };
}

/**
 * Moves the sandbox courier's clock to the order's parcel's next planned scan, one scan at a time,
 * until the order reaches `status`, calling `check` after each (the order's status then). Steps of
 * five minutes took a round of the webhook, the outbox and the check for each (25 in the re-attempt
 * test, past its 30 s at load 36-42); one round a scan is 7 there, whatever the courier's speed.
 */
async function courierMovesUntil(
  order: { orderId: string; orderNumber: string },
  status: string,
  check: (now: string) => Promise<void> = async () => {},
) {
  for (;;) {
    const [parcel] = await store.database.db
      .select({ plan: sandboxParcels.plan })
      .from(sandboxParcels)
      .where(and(eq(sandboxParcels.channelOrderId, order.orderNumber), eq(sandboxParcels.status, 'active')));
    const [next] = (parcel?.plan ?? []) as { dueAt: string }[];
    if (!next) {
      throw new Error(
        `The courier plans no more scans, the order ${await statusOf(order.orderId)}, not ${status}`,
      );
    }
    clock.set(new Date(Math.max(clock.now().getTime(), new Date(next.dueAt).getTime())));
    if ((await store.app.moveSandboxParcels()) === 0) throw new Error('The webhook took no due scan');
    const now = (await statusOf(order.orderId)) ?? '';
    await check(now);
    if (now === status) return;
  }
}

const shipmentState = async (orderId: string, headers: Record<string, string>) => {
  const response = await store.app.inject({ url: `/api/admin/orders/${orderId}/shipment`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ShipmentState>();
};

const act = (orderId: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  store.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment/failed-delivery`,
    headers,
    payload,
  });

describe("the owner's answer to a failed delivery is the courier's NDR action", () => {
  it('re-attempts with a new landmark, which delivers; the customer never hears "delivered" before the scan', async () => {
    const order = await paidOrderTo('400005');
    await ship(order.orderId);
    const neverDeliveredYet = async (status: string) => {
      if (status === 'delivered') return;
      const heard = await whatTheCustomerHears(order.orderId, order.phone);
      expect(heard.notices).not.toContain('order_delivered');
      expect(heard.words).not.toMatch(/delivered/i);
    };
    await courierMovesUntil(order, 'failed_delivery', neverDeliveredYet);

    const headers = await ownerHeaders();
    const state = await shipmentState(order.orderId, headers);
    expect(state.failedDelivery).toMatchObject({
      reason: 'Address incomplete, landmark needed',
      answer: null,
    });
    // The store's own buttons for the courier's states are gone, and the server refuses them.
    const detail = await store.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers });
    expect(detail.json<AdminOrderDetail>().nextStatuses).toEqual([]);
    const manual = await store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/status`,
      headers,
      payload: { status: 'out_for_delivery', note: 'The courier will try again tomorrow' },
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(COURIER_OWNS_MESSAGE);
    expect(await statusOf(order.orderId)).toBe('failed_delivery');

    // A date outside the courier's week is refused before the courier is asked.
    const tooLate = await act(order.orderId, headers, {
      action: 'reattempt',
      date: '2031-04-30',
      landmark: 'Opposite Hanuman temple',
    });
    expect(tooLate.statusCode).toBe(400);
    const answered = await act(order.orderId, headers, {
      action: 'reattempt',
      date: state.failedDelivery!.earliestDate,
      landmark: 'Opposite Hanuman temple',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ShipmentState>().failedDelivery?.answer).toContain(
      'landmark Opposite Hanuman temple',
    );
    // Sent to the courier as Shiprocket's NDR action, the landmark as address2.
    const [parcel] = await store.database.db
      .select({ ndrAction: sandboxParcels.ndrAction })
      .from(sandboxParcels)
      .where(eq(sandboxParcels.channelOrderId, order.orderNumber));
    expect(parcel?.ndrAction).toMatchObject({ action: 're-attempt', address2: 'Opposite Hanuman temple' });
    // Once per failed attempt.
    const again = await act(order.orderId, headers, { action: 'return' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIPPING_MESSAGES.alreadyActed);

    // On the timeline: the customer reads the new attempt; the landmark is the owner's to read.
    const owner = (
      await store.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers })
    ).json<AdminOrderDetail>();
    const actionLine = owner.order.events.at(-1);
    expect(actionLine?.note).toMatch(/^A new delivery attempt is arranged for /);
    expect(actionLine?.internalNote).toContain('Opposite Hanuman temple');
    const customers = (
      await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: order.buyer.headers })
    ).json<OrderRecord>();
    expect(customers.events.some((event) => event.internalNote !== undefined)).toBe(false);

    await courierMovesUntil(order, 'delivered', neverDeliveredYet);
    const heard = await whatTheCustomerHears(order.orderId, order.phone);
    expect(heard.notices.filter((notice) => notice === 'order_delivered')).toHaveLength(1);
    expect(await timeline(order.orderId)).toEqual([
      'pending',
      'paid',
      'confirmed',
      'processing',
      'packed',
      'shipped',
      'out_for_delivery',
      'failed_delivery',
      'failed_delivery',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('a new attempt without the landmark the courier needs fails again and goes back, never "delivered"', async () => {
    const order = await paidOrderTo('400005');
    await ship(order.orderId);
    await courierMovesUntil(order, 'failed_delivery');
    const headers = await ownerHeaders();
    const state = await shipmentState(order.orderId, headers);
    const answered = await act(order.orderId, headers, {
      action: 'reattempt',
      date: state.failedDelivery!.earliestDate,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await courierMovesUntil(order, 'returned');
    const statuses = await timeline(order.orderId);
    expect(statuses).not.toContain('delivered');
    expect(statuses.slice(-3)).toEqual(['rto_initiated', 'rto_in_transit', 'returned']);
  });

  it('returns the parcel to the store at the owner’s word: the RTO path, never "delivered"', async () => {
    const order = await paidOrderTo('110011');
    const { awb } = await ship(order.orderId);
    await courierMovesUntil(order, 'failed_delivery');
    const headers = await ownerHeaders();
    const returned = await act(order.orderId, headers, { action: 'return' });
    expect(returned.statusCode, returned.body).toBe(200);
    const neverDelivered = async () => {
      const heard = await whatTheCustomerHears(order.orderId, order.phone);
      expect(heard.notices).not.toContain('order_delivered');
      expect(heard.words).not.toMatch(/has been delivered/i);
    };
    await courierMovesUntil(order, 'returned', neverDelivered);
    expect(await timeline(order.orderId)).toEqual([
      'pending',
      'paid',
      'confirmed',
      'processing',
      'packed',
      'shipped',
      'out_for_delivery',
      'failed_delivery',
      'failed_delivery',
      'rto_initiated',
      'rto_in_transit',
      'returned',
    ]);
    // The public tracking page tells the same story.
    const tracked = await store.app.inject({
      url: '/api/track',
      query: { orderNumber: order.orderNumber, contact: order.phone },
    });
    expect(tracked.json<{ order: { events: { kind: string }[] } }>().order.events.map((e) => e.kind)).toEqual(
      [
        'picked_up',
        'in_transit',
        'in_transit',
        'out_for_delivery',
        'undelivered',
        'rto_initiated',
        'rto_in_transit',
        'rto_delivered',
      ],
    );
    // A late "delivered" scan for a parcel back at the store is refused: the order stays returned.
    await store.app.inject({
      method: 'POST',
      url: '/api/shipping/webhook',
      headers: { 'x-api-key': store.app.sandboxCourier?.token ?? '' },
      payload: courierScan(awb, 'delivered', '2031-04-20 10:00:00'),
    });
    expect(await statusOf(order.orderId)).toBe('returned');
  });

  it('answers 503 with a message when the courier does not take the action, and changes nothing', async () => {
    const order = await paidOrderTo('110001');
    const { awb } = await ship(order.orderId);
    // A failed attempt the store heard of that the courier's own system no longer holds in NDR.
    const post = (kind: 'picked_up' | 'out_for_delivery' | 'undelivered', at: string) =>
      store.app.inject({
        method: 'POST',
        url: '/api/shipping/webhook',
        headers: { 'x-api-key': store.app.sandboxCourier?.token ?? '' },
        payload: courierScan(awb, kind, at, 'Customer not available', 'New Delhi'),
      });
    await post('picked_up', '2031-03-10 11:00:00');
    await post('out_for_delivery', '2031-03-10 12:00:00');
    await post('undelivered', '2031-03-10 13:00:00');
    expect(await statusOf(order.orderId)).toBe('failed_delivery');
    const headers = await ownerHeaders();
    const before = await timeline(order.orderId);
    const refused = await act(order.orderId, headers, { action: 'return' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.answerNotTaken);
    expect(await timeline(order.orderId)).toEqual(before);
    expect((await shipmentState(order.orderId, headers)).failedDelivery?.answer).toBeNull();
  });

  it('keeps the owner’s note internal unless they tick "send to the customer"', async () => {
    const order = await paidOrderTo('110001');
    const headers = await ownerHeaders();
    const move = (status: string, note: string, noteToCustomer?: boolean) =>
      store.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.orderId}/status`,
        headers,
        payload: { status, note, ...(noteToCustomer === undefined ? {} : { noteToCustomer }) },
      });
    expect((await move('confirmed', '')).statusCode).toBe(200);
    expect((await move('processing', 'Packing on Monday')).statusCode).toBe(200);
    expect((await move('packed', 'Your hamper is wrapped', true)).statusCode).toBe(200);
    // No shipment: the store's own rider takes it, and "shipped" is mailed without the note.
    expect((await move('shipped', 'Rider Ravi, cash float ₹500')).statusCode).toBe(200);
    const customers = (
      await store.app.inject({ url: `/api/orders/${order.orderId}`, headers: order.buyer.headers })
    ).json<OrderRecord>();
    const notes = customers.events.map((event) => event.note).join('\n');
    expect(notes).toContain('Your hamper is wrapped');
    expect(notes).not.toMatch(/Packing on Monday|Rider Ravi/);
    const owner = (
      await store.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers })
    ).json<AdminOrderDetail>();
    expect(owner.order.events.find((event) => event.status === 'processing')?.internalNote).toBe(
      'Packing on Monday',
    );
    const mails = await store.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, order.orderId), eq(mailOutbox.kind, 'order-status')));
    expect(mails.map((mail) => mail.subject)).toContain(`Order ${order.orderNumber}: Shipped`);
    expect(mails.map((mail) => mail.text).join('\n')).not.toMatch(/Packing on Monday|Rider Ravi/);
  });
});

describe('money follows the parcel (decision 0064)', () => {
  const returnedParcel = async (orderId: string, headers: Record<string, string>) =>
    (
      await store.app.inject({ url: `/api/admin/orders/${orderId}/returned-parcel`, headers })
    ).json<ReturnedParcelResponse>().returnedParcel;
  const checkIn = (orderId: string, headers: Record<string, string>) =>
    store.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/returned-parcel/check-in`,
      headers,
    });
  const refundNow = (orderId: string, headers: Record<string, string>) =>
    store.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/returned-parcel/refund`, headers });
  const refundsOwed = async (headers: Record<string, string>) =>
    (await store.app.inject({ url: '/api/admin/refunds-owed', headers })).json<RefundsOwed>();
  const refundLines = (orderId: string) =>
    store.database.db
      .select({ amountPaise: moneyLedger.amountPaise, reason: moneyLedger.reason })
      .from(moneyLedger)
      .where(and(eq(moneyLedger.orderId, orderId), eq(moneyLedger.kind, 'refunded')));
  const creditNotesOf = async (orderId: string) =>
    (
      await store.database.db
        .select({ data: creditNotes.data })
        .from(creditNotes)
        .where(eq(creditNotes.orderId, orderId))
    ).map((row) => row.data as { totals: { total: number }; creditNote: { reason: string } });

  it('refunds a returned prepaid parcel’s ₹2,396 once, with a credit note, when it is checked in', async () => {
    const order = await paidOrderTo('110011');
    await ship(order.orderId);
    await courierMovesUntil(order, 'failed_delivery');
    const headers = await ownerHeaders();
    expect((await act(order.orderId, headers, { action: 'return' })).statusCode).toBe(200);
    await courierMovesUntil(order, 'returned');
    expect(await timeline(order.orderId)).not.toContain('delivered');
    // The customer is told what happens to their money, and that it waits for the check-in.
    const [back] = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.orderId, order.orderId),
          eq(mailOutbox.subject, `Order ${order.orderNumber}: Returned`),
        ),
      );
    expect(back?.text).toContain(RTO_NOTES.prepaidBack);

    expect(await returnedParcel(order.orderId, headers)).toEqual({
      cashOnDelivery: false,
      checkedInAt: null,
      owed: 0,
      deduction: 0,
      refundedAt: null,
    });
    expect(await refundLines(order.orderId)).toEqual([]);

    const checked = await checkIn(order.orderId, headers);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<ReturnedParcelResponse>().returnedParcel).toMatchObject({
      owed: 2396,
      deduction: 0,
      refundedAt: clock.now().toISOString(),
    });
    // Once: a second check-in and a "Refund now" change nothing.
    const again = await checkIn(order.orderId, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURNED_PARCEL_MESSAGES.checkedIn);
    const twice = await refundNow(order.orderId, headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(RETURNED_PARCEL_MESSAGES.nothingOwed);

    expect(await refundLines(order.orderId)).toEqual([{ amountPaise: 239_600, reason: 'undelivered' }]);
    expect(await creditNotesOf(order.orderId)).toEqual([
      expect.objectContaining({
        totals: expect.objectContaining({ total: 2396 }),
        creditNote: expect.objectContaining({ reason: 'Returned undelivered' }),
      }),
    ]);
    const [payment] = await store.database.db
      .select({ status: payments.status, refundedPaise: payments.refundedPaise })
      .from(payments)
      .where(eq(payments.orderId, order.orderId));
    expect(payment).toEqual({ status: 'refunded', refundedPaise: 239_600 });
    const detail = (
      await store.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers })
    ).json<AdminOrderDetail>();
    expect(detail.money).toMatchObject({ captured: 2396, refunded: 2396, net: 0 });
    const refundMails = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.orderId, order.orderId),
          eq(mailOutbox.subject, `Refund for order ${order.orderNumber}`),
        ),
      );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain('We have refunded ₹2,396 to your original payment method.');
    expect((await whatTheCustomerHears(order.orderId, order.phone)).notices).toContain('refund_made');
    expect((await refundsOwed(headers)).refunds.map((refund) => refund.orderId)).not.toContain(order.orderId);
  });

  it('keeps the refund owed, less the return freight, on the dashboard with its age until the owner refunds it', async () => {
    await saveSettings({ rtoRefund: 'owed', rtoFreightDeduction: 100 });
    try {
      const order = await paidOrderTo('110011');
      await ship(order.orderId);
      // Nobody answers the failed delivery: the courier's own hold runs out and it comes back.
      await courierMovesUntil(order, 'returned');
      const desk = (await store.newStaff('orders')).headers;
      const checked = await checkIn(order.orderId, desk);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json<ReturnedParcelResponse>().returnedParcel).toMatchObject({
        owed: 2296,
        deduction: 100,
        refundedAt: null,
      });
      expect(await refundLines(order.orderId)).toEqual([]);

      clock.set(new Date(clock.now().getTime() + 3 * DAY));
      const owner = await ownerHeaders();
      const owed = await refundsOwed(owner);
      expect(owed.refunds.find((refund) => refund.orderId === order.orderId)).toMatchObject({
        orderNumber: order.orderNumber,
        amount: 2296,
        deduction: 100,
        ageDays: 3,
      });
      // Refunds are the owner's (decision 0054): the orders desk neither sees nor makes them.
      expect((await store.app.inject({ url: '/api/admin/refunds-owed', headers: desk })).statusCode).toBe(
        403,
      );
      expect((await refundNow(order.orderId, desk)).statusCode).toBe(403);

      const refunded = await refundNow(order.orderId, owner);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json<ReturnedParcelResponse>().returnedParcel?.refundedAt).toBe(
        clock.now().toISOString(),
      );
      expect((await refundNow(order.orderId, owner)).statusCode).toBe(409);
      expect(await refundLines(order.orderId)).toEqual([{ amountPaise: 229_600, reason: 'undelivered' }]);
      expect((await creditNotesOf(order.orderId)).map((note) => note.totals.total)).toEqual([2296]);
      expect((await refundsOwed(owner)).refunds.map((refund) => refund.orderId)).not.toContain(order.orderId);
    } finally {
      await saveSettings({ rtoRefund: 'at_once', rtoFreightDeduction: 0 });
    }
  });

  it('a cash on delivery parcel that comes back owes nothing and says so', async () => {
    await saveSettings({ codEnabled: true, codPincodes: '' });
    const order = await paidOrderTo('110011', 'cod');
    await ship(order.orderId);
    await courierMovesUntil(order, 'cancelled');
    const headers = await ownerHeaders();
    const detail = (
      await store.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers })
    ).json<AdminOrderDetail>();
    expect(detail.money).toMatchObject({ captured: 0, refunded: 0, codToCollect: 0 });
    expect(detail.order.events.map((event) => event.status)).not.toContain('delivered');
    const [back] = await store.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.orderId, order.orderId),
          eq(mailOutbox.subject, `Order ${order.orderNumber}: Returned`),
        ),
      );
    expect(back?.text).toContain(RTO_NOTES.codBack);
    const checked = await checkIn(order.orderId, headers);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<ReturnedParcelResponse>().returnedParcel).toMatchObject({
      cashOnDelivery: true,
      owed: 0,
      refundedAt: null,
    });
    expect((await refundsOwed(headers)).refunds.map((refund) => refund.orderId)).not.toContain(order.orderId);
    expect((await refundNow(order.orderId, headers)).statusCode).toBe(409);
  });

  it('checks in only a parcel the courier brought back', async () => {
    const order = await paidOrderTo('110001');
    await ship(order.orderId);
    const refused = await checkIn(order.orderId, await ownerHeaders());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RETURNED_PARCEL_MESSAGES.notBack);
  });
});
