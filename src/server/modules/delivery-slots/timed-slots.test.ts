import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeliverySlotRecord } from '../../../shared/api/delivery-slots';
import type { OrderRecord } from '../../../shared/api/orders';
import type { CreateOrderResponse } from '../../../shared/api/payments';
import type { DeliveryDates } from '../../../shared/delivery-dates';
import { packingSlipOf } from '../../../shared/packing-slip';
import { TIMED_SLOT_MESSAGES } from '../../../shared/timed-slots';
import { mailOutbox } from '../../db/schema';
import {
  createTestProduct,
  type Line,
  orderBody,
  payOrder,
  seedPincodes,
  TEST_ADDRESS,
  totalFor,
} from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0073: the owner's timed slots are offered only where and while they may be promised;
// create-order checks them again with its own clock, and the fee is a charge of its own.

// 10:00 India time on Monday 23 November 2026.
const TEN_AM = '2026-11-23T10:00:00+05:30';
const clock = createTestClock(TEN_AM);
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  customer: true,
  admin: true,
});

const FIXED_TIME = {
  name: 'Fixed time',
  startMinute: 9 * 60,
  endMinute: 21 * 60,
  windowMinutes: 120,
  fee: 149,
  cutoffMinutes: 4 * 60,
  zones: ['same_day'],
  pincodes: [],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  active: true,
};

const makeSlot = async (slot: object = FIXED_TIME) => {
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/admin/delivery-slots',
    headers: store.admin.headers,
    payload: slot,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ slot: DeliverySlotRecord }>().slot;
};

const DELHI_ADDRESS = { ...TEST_ADDRESS, city: 'New Delhi', postalCode: '110001' };

const order = (
  lines: Line[],
  delivery: object,
  options: { address?: typeof TEST_ADDRESS; fee?: number } = {},
) =>
  store.app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: store.customer.headers,
    payload: {
      ...orderBody(lines, {
        shippingAddress: options.address ?? TEST_ADDRESS,
        totalAmount: totalFor(lines) + (options.fee ?? 149),
      }),
      delivery,
    },
  });

const datesAt = async (pincode: string, query = '') =>
  (await store.app.inject({ url: `/api/pincodes/delivery-dates/${pincode}${query}` })).json<DeliveryDates>();

describe('timed delivery slots', () => {
  it("offers today's fixed-time windows in Bengaluru only until 4 hours before each starts, and none in Delhi or for a pre-order", async () => {
    clock.set(TEN_AM);
    await makeSlot();
    const bengaluru = await datesAt('560001');
    const today = bengaluru.dates.find((date) => date.date === '2026-11-23');
    expect(today?.slots.map((slot) => [slot.label, slot.fee])).toEqual([
      ['Standard delivery (9 AM - 9 PM)', 0],
      ['Midnight delivery (11 PM - 11:59 PM)', 199],
      ['Fixed time (3 PM - 5 PM)', 149],
      ['Fixed time (5 PM - 7 PM)', 149],
      ['Fixed time (7 PM - 9 PM)', 149],
    ]);
    // Tomorrow every window is open.
    expect(bengaluru.dates[1]?.slots.filter((slot) => slot.slot === 'timed')).toHaveLength(6);

    const delhi = await datesAt('110001');
    expect(delhi.dates.flatMap((date) => date.slots).some((slot) => slot.slot === 'timed')).toBe(false);
    expect((await datesAt('560001', '?isPreOrder=true')).dates).toEqual([]);
  });

  it('refuses a fixed-time window 3 hours from now and takes one 5 hours from now, its fee a charge of its own on the order, the invoice and the slip', async () => {
    clock.set(TEN_AM);
    const slot = await makeSlot();
    const product = await createTestProduct(store.database, { name: 'Orchid Bouquet', priceRupees: 1200 });
    const lines = [{ product, quantity: 1 }];

    const tooSoon = await order(lines, {
      date: '2026-11-23',
      slot: 'timed',
      slotId: slot.id,
      windowStart: 13 * 60,
    });
    expect(tooSoon.statusCode).toBe(400);
    const message = 'Fixed time (1 PM - 3 PM) closes 4 hours before it starts. Please choose a later window';
    expect(tooSoon.json()).toMatchObject({ message, errors: [{ path: 'delivery', message }] });

    const placed = await order(lines, {
      date: '2026-11-23',
      slot: 'timed',
      slotId: slot.id,
      windowStart: 15 * 60,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json<CreateOrderResponse>();
    const record = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    // ₹1,200 of items ships free (from ₹1,000); the slot's ₹149 is its own fee.
    expect(record).toMatchObject({ subtotal: 1200, shippingCost: 149, totalAmount: 1349 });
    expect(record.fees).toEqual([
      { kind: 'shipping', label: 'Shipping', amount: 0 },
      { kind: 'delivery_slot', label: 'Fixed time delivery', amount: 149 },
    ]);
    expect(record.delivery).toEqual({
      date: '2026-11-23',
      slot: 'timed',
      fee: 149,
      window: { slotId: slot.id, name: 'Fixed time', start: 15 * 60, end: 17 * 60 },
    });

    // Paid, it is invoiced, and the confirmation mail makes the order's one promise (decision 0068).
    await payOrder(store.app, store.customer.headers, placed.json<CreateOrderResponse>());
    const mails = await store.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.find((mail) => mail.kind === 'order-confirmation')?.text).toContain(
      'Delivery on Mon, 23 Nov · Fixed time (3 PM - 5 PM)',
    );
    const invoice = await store.app.invoices.forAdmin(orderId);
    // Free shipping is no supply to invoice; the slot is one, at the shipping's SAC and rate.
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.rate, line.total])).toEqual([
      ['Orchid Bouquet', '9505', 18, 1200],
      ['Fixed time delivery', '996812', 18, 149],
    ]);
    expect(invoice.totals.total).toBe(1349);

    // A new address in the same city keeps the window and its fee (decision 0066).
    const edited = await store.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/address`,
      headers: store.customer.headers,
      payload: { address: { ...TEST_ADDRESS, address: '3 Residency Road' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const kept = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect([kept.delivery, kept.totalAmount]).toEqual([record.delivery, 1349]);

    const slip = packingSlipOf(record, 'Utsav Gifts');
    expect(slip.deliverOn).toBe('Mon, 23 Nov · Fixed time (3 PM - 5 PM)');
    expect(slip.fees).toContainEqual({ label: 'Fixed time delivery', amount: 149 });
    expect(slip.total).toBe(1349);
  });

  it('refuses a timed slot at a pincode it does not serve, with a message', async () => {
    clock.set(TEN_AM);
    const slot = await makeSlot();
    const product = await createTestProduct(store.database, { name: 'Brass Diya Set' });
    const response = await order(
      [{ product, quantity: 1 }],
      { date: '2026-11-26', slot: 'timed', slotId: slot.id, windowStart: 11 * 60 },
      { address: DELHI_ADDRESS },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Fixed time delivery is not offered at pincode 110001. Please choose another slot',
    );
  });

  it('refuses a slot the owner withdrew before the total, and an order made with a deleted slot keeps its window', async () => {
    clock.set(TEN_AM);
    const slot = await makeSlot({
      ...FIXED_TIME,
      name: 'Early morning',
      startMinute: 7 * 60,
      endMinute: 9 * 60,
      fee: 249,
      cutoffMinutes: 12 * 60,
    });
    const product = await createTestProduct(store.database, { name: 'Kaju Katli Box', priceRupees: 500 });
    const lines = [{ product, quantity: 1 }];
    const placed = await order(
      lines,
      { date: '2026-11-24', slot: 'timed', slotId: slot.id, windowStart: 7 * 60 },
      { fee: 249 },
    );
    expect(placed.statusCode, placed.body).toBe(200);

    const removed = await store.app.inject({
      method: 'DELETE',
      url: `/api/admin/delivery-slots/${slot.id}`,
      headers: store.admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await order(
      lines,
      { date: '2026-11-24', slot: 'timed', slotId: slot.id, windowStart: 7 * 60 },
      { fee: 0 },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TIMED_SLOT_MESSAGES.gone);

    const { orderId } = placed.json<CreateOrderResponse>();
    const record = (
      await store.app.inject({ url: `/api/orders/${orderId}`, headers: store.customer.headers })
    ).json<OrderRecord>();
    expect(record.delivery?.window).toEqual({ slotId: null, name: 'Early morning', start: 420, end: 540 });
    expect(record.totalAmount).toBe(799);
  });

  it('refuses a slot whose first window does not fit, or that serves nowhere, changing nothing', async () => {
    const before = (
      await store.app.inject({ url: '/api/admin/delivery-slots', headers: store.admin.headers })
    ).json<{
      slots: unknown[];
    }>().slots.length;
    for (const [slot, message] of [
      [{ ...FIXED_TIME, endMinute: 10 * 60 }, 'The first window must end by the slot’s end time'],
      [{ ...FIXED_TIME, zones: [] }, 'Choose the areas or list the pincodes this slot serves'],
    ] as const) {
      const response = await store.app.inject({
        method: 'POST',
        url: '/api/admin/delivery-slots',
        headers: store.admin.headers,
        payload: slot,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const after = (
      await store.app.inject({ url: '/api/admin/delivery-slots', headers: store.admin.headers })
    ).json<{
      slots: unknown[];
    }>().slots.length;
    expect(after).toBe(before);
  });
});
