import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/api/invoices';
import { faultWindowClosedMessage, RETURN_MESSAGES, type ReturnRecord } from '../../../shared/api/returns';
import type { OwnerSettingsResponse } from '../../../shared/owner-settings';
import type { ReturnKind } from '../../../shared/return-rules';
import { creditNotes, payments } from '../../db/schema';
import { approveAndReceive, moveOrderAlong, STEPS_TO_DELIVERED } from '../../testing/admin-fixtures';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import { createTestClock } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0051: a defective, damaged, wrong or late item is returned for 30 days (or the owner's
// more), with the delivery charges; a change of mind has 7 days and keeps them.

const clock = createTestClock('2031-06-02T06:00:00.000Z');
const store = setUpTestStore({
  clock,
  env: { BACKGROUND_JOBS: 'false' },
  seed: seedPincodes,
  admin: true,
  customer: { fullName: 'Kiran Das' },
});
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => clock.set(new Date(clock.now().getTime() + days * DAY));
// The clock moves on by weeks, past any one session: each back-office call signs in afresh.
const ownerHeaders = async () => (await store.newAdmin()).headers;
const customerHeaders = async () => (await store.newCustomer()).headers;
/** A session of the same shopper after weeks: sessions last 30 days. */
async function signInAgain(email: string, password: string) {
  const response = await store.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '198.51.100.77',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}

/** A ₹450 lamp, two of them, with ₹50 shipping (under the free-shipping threshold), delivered now. */
async function deliveredLamps(headers: Record<string, string>) {
  const lamp = await createTestProduct(store.database, { priceRupees: 450, stock: 10 });
  const created = await placeOrder(store.app, headers, [{ product: lamp, quantity: 2 }]);
  await payOrder(store.app, headers, created);
  await moveOrderAlong(store.app, await ownerHeaders(), created.orderId, STEPS_TO_DELIVERED.slice(1));
  return { lamp, orderId: created.orderId };
}

const requestReturn = (
  headers: Record<string, string>,
  orderId: string,
  productId: number,
  kind: ReturnKind,
) =>
  store.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns`,
    headers,
    payload: { items: [{ productId, quantity: 1 }], reason: 'The glass shade arrived cracked', kind },
  });

describe('a return for a defective, damaged, wrong or late item', () => {
  it('is accepted on day 20 with its shipping refunded, once, and credited on the shipping line', async () => {
    const headers = await customerHeaders();
    const { lamp, orderId } = await deliveredLamps(headers);
    later(20);

    const changedMind = await requestReturn(headers, orderId, lamp.id, 'changed_mind');
    expect(changedMind.statusCode).toBe(409);
    expect(changedMind.json().message).toBe(RETURN_MESSAGES.windowClosed);

    const faulty = await requestReturn(headers, orderId, lamp.id, 'faulty');
    expect(faulty.statusCode, faulty.body).toBe(201);
    const request = faulty.json<{ return: ReturnRecord }>().return;
    expect(request).toMatchObject({ kind: 'faulty', refundAmount: 500, deliveryRefund: 50 });

    const approved = await approveAndReceive(store.app, await ownerHeaders(), request.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const [payment] = await store.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ amountPaise: 95_000, refundedPaise: 50_000 });
    const [note] = await store.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    const credited = (note!.data as Invoice).lines.map((line) => [line.description, line.total]);
    expect(credited).toEqual([
      [lamp.name, 450],
      ['Shipping', 50],
    ]);

    // The second lamp, also cracked: its items only, the shipping came back already.
    const second = await requestReturn(headers, orderId, lamp.id, 'late');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ return: ReturnRecord }>().return).toMatchObject({
      kind: 'late',
      refundAmount: 450,
      deliveryRefund: 0,
    });
  });

  it('closes after 30 days, unless the owner gives more', async () => {
    const shopper = await store.newCustomer();
    const { lamp, orderId } = await deliveredLamps(shopper.headers);
    later(31);
    const headers = await signInAgain(shopper.user.email, shopper.password);
    const closed = await requestReturn(headers, orderId, lamp.id, 'faulty');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(faultWindowClosedMessage(30));

    const owner = await ownerHeaders();
    const { settings } = (
      await store.app.inject({ url: '/api/admin/settings', headers: owner })
    ).json<OwnerSettingsResponse>();
    const tooFew = await store.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: owner,
      payload: { ...settings, faultReturnDays: 20 },
    });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.body).toContain('Days to return a faulty item must be at least 30');
    const saved = await store.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: owner,
      payload: { ...settings, faultReturnDays: 45 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await store.app.inject({ url: '/api/config' })).json().faultReturnDays).toBe(45);

    const accepted = await requestReturn(headers, orderId, lamp.id, 'faulty');
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});
