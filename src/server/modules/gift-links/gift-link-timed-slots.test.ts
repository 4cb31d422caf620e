import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import { GIFT_LINK_MESSAGES } from '../../../shared/gift-links';
import { timedSlotFeeLabel } from '../../../shared/order-charges';
import { orderCharges, orders } from '../../db/schema';
import { BENGALURU, ledgerOf, paidLink, senderWithPhone } from '../../testing/gift-link-fixtures';
import { createTestProduct, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0090: a link may let its recipient pick one of their pincode's timed slots; the sender
// paid the dearest fee the choice can cost, and a cheaper pick gets the difference back.

// 10:00 India time on Monday 23 November 2026: tomorrow's windows are all open.
const clock = createTestClock('2026-11-23T10:00:00+05:30');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
});

const slot = (name: string, fee: number, active = true) => ({
  name,
  startMinute: 9 * 60,
  endMinute: 21 * 60,
  windowMinutes: 120,
  fee,
  cutoffMinutes: 4 * 60,
  zones: ['same_day'],
  pincodes: [],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  active,
});

const timedSlotFee = async () => {
  const response = await store.app.inject({ method: 'GET', url: '/api/gift-links/timed-slot-fee' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ feePaise: number | null }>().feePaise;
};

let fixedTime: DeliverySlotRecord;
let feeBeforeSlots: number | null = 0;
beforeAll(async () => {
  feeBeforeSlots = await timedSlotFee();
  const made = [];
  // A dearer slot the owner switched off costs a link nothing.
  for (const [name, fee, active] of [
    ['Fixed time', 149, true],
    ['Early bird', 249, true],
    ['Sunrise', 399, false],
  ] as const) {
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/admin/delivery-slots',
      headers: store.admin.headers,
      payload: slot(name, fee, active),
    });
    expect(response.statusCode, response.body).toBe(201);
    made.push(response.json<{ slot: DeliverySlotRecord }>().slot);
  }
  [fixedTime] = made as [DeliverySlotRecord, DeliverySlotRecord];
});

const accept = (token: string | null, delivery: object) =>
  store.app.inject({
    method: 'POST',
    url: `/api/gift-links/${token}/accept`,
    payload: { address: BENGALURU, delivery },
  });

describe('a gift link that allows a timed slot', () => {
  it("tells checkout the dearest active timed slot's fee, and none while no slot is active", async () => {
    expect(feeBeforeSlots).toBeNull();
    expect(await timedSlotFee()).toBe(24_900);
  });

  it('is paid with the dearest timed fee and refunds the difference of the cheaper slot picked', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 600 });
    // ₹600 + ₹50 shipping + the dearest active timed slot's ₹249, as checkout was told.
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }], {
      allowedSlots: ['standard', 'timed'],
      totalAmount: 899,
    });
    const answered = await accept(token, {
      date: '2026-11-24',
      slot: 'timed',
      slotId: fixedTime.id,
      windowStart: 11 * 60,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await ledgerOf(store, order.orderId)).toEqual([
      { kind: 'captured', paise: 89_900, reason: 'payment' },
      { kind: 'refunded', paise: 10_000, reason: 'gift_delivery' },
    ]);
    const [row] = await store.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({
      totalPaise: 79_900,
      deliverySlot: 'timed',
      deliverySlotId: fixedTime.id,
      deliverySlotName: 'Fixed time',
      deliveryWindowStart: 660,
      deliveryWindowEnd: 780,
    });
    const fees = await store.database.db
      .select({ kind: orderCharges.kind, label: orderCharges.label, paise: orderCharges.amountPaise })
      .from(orderCharges)
      .where(eq(orderCharges.orderId, order.orderId))
      .orderBy(asc(orderCharges.kind));
    expect(fees).toEqual([
      { kind: 'delivery_slot', label: timedSlotFeeLabel('Fixed time'), paise: 14_900 },
      { kind: 'shipping', label: 'Shipping', paise: 5000 },
    ]);
  });

  it('costs a midnight pick its own fee when midnight and timed slots were both allowed', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 600 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }], {
      allowedSlots: ['midnight', 'timed'],
      totalAmount: 899,
    });
    const answered = await accept(token, { date: '2026-11-24', slot: 'midnight' });
    expect(answered.statusCode, answered.body).toBe(200);
    // ₹249 paid, midnight's ₹199 kept: ₹50 back.
    expect(await ledgerOf(store, order.orderId)).toEqual([
      { kind: 'captured', paise: 89_900, reason: 'payment' },
      { kind: 'refunded', paise: 5000, reason: 'gift_delivery' },
    ]);
  });

  it('refuses a timed slot the sender did not allow, changing nothing', async () => {
    const sender = await senderWithPhone(store);
    const product = await createTestProduct(store.database, { priceRupees: 600 });
    const { order, token } = await paidLink(store, sender, [{ product, quantity: 1 }], {
      allowedSlots: ['standard', 'midnight'],
      totalAmount: 849,
    });
    const answered = await accept(token, {
      date: '2026-11-24',
      slot: 'timed',
      slotId: fixedTime.id,
      windowStart: 11 * 60,
    });
    expect(answered.statusCode).toBe(400);
    expect(answered.json().message).toBe(GIFT_LINK_MESSAGES.slotNotAllowed);
    expect(await ledgerOf(store, order.orderId)).toEqual([
      { kind: 'captured', paise: 84_900, reason: 'payment' },
    ]);
  });
});
