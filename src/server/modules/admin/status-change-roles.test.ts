import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/staff-roles';
import { moneyLedger, orders } from '../../db/schema';
import { createTestProduct, payOrder, placeOrder, seedPincodes } from '../../testing/order-fixtures';
import type { TestAccount } from '../../testing/test-accounts';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0076: one route (POST /api/admin/orders/:id/status) does several jobs, and the service
// checks the exact one: marking paid records money, cancelling a paid order refunds it, every other
// step (cancelling an unpaid order among them) is shipping work. The outcome of each role on each
// job is written out below by hand, not derived from the permission table.
const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, seed: seedPincodes, customer: true });

type Job = { name: string; paidFirst: boolean; to: string };
const JOBS: readonly Job[] = [
  { name: 'mark an unpaid order paid', paidFirst: false, to: 'paid' },
  { name: 'confirm a paid order', paidFirst: true, to: 'confirmed' },
  { name: 'cancel a paid order, refunding it', paidFirst: true, to: 'cancelled' },
  { name: 'cancel an unpaid order', paidFirst: false, to: 'cancelled' },
];
const ROLES: readonly StaffRole[] = ['owner', 'orders', 'catalogue', 'accounts'];

describe('who may do each job of the order status route', () => {
  it('lets each staff role do exactly the jobs written out, and a refused job changes nothing', async () => {
    const product = await createTestProduct(store.database, { priceRupees: 1199, stock: 20 });
    const staff = new Map<StaffRole, TestAccount>();
    // One after another: one address's hashes beyond its share of the queue may get 503 (decision 0056).
    for (const role of ROLES) staff.set(role, await store.newStaff(role));

    const outcomes: string[] = [];
    for (const role of ROLES) {
      for (const job of JOBS) {
        const created = await placeOrder(store.app, store.customer.headers, [{ product, quantity: 1 }]);
        if (job.paidFirst) await payOrder(store.app, store.customer.headers, created);
        const response = await store.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${created.orderId}/status`,
          headers: staff.get(role)!.headers,
          payload: { status: job.to, note: '' },
        });
        const [row] = await store.database.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, created.orderId));
        const ledger = await store.database.db
          .select({ kind: moneyLedger.kind, amountPaise: moneyLedger.amountPaise })
          .from(moneyLedger)
          .where(eq(moneyLedger.orderId, created.orderId))
          .orderBy(asc(moneyLedger.id));
        const money = ledger.map((line) => `${line.kind} ${line.amountPaise}`).join(', ') || 'no money';
        outcomes.push(`${role}: ${job.name}: ${response.statusCode}, now ${row?.status}, ${money}`);
      }
    }

    expect(outcomes).toEqual([
      'owner: mark an unpaid order paid: 200, now paid, captured 119900',
      'owner: confirm a paid order: 200, now confirmed, captured 119900',
      'owner: cancel a paid order, refunding it: 200, now cancelled, captured 119900, refunded 119900',
      'owner: cancel an unpaid order: 200, now cancelled, no money',
      'orders: mark an unpaid order paid: 403, now pending, no money',
      'orders: confirm a paid order: 200, now confirmed, captured 119900',
      'orders: cancel a paid order, refunding it: 403, now paid, captured 119900',
      'orders: cancel an unpaid order: 200, now cancelled, no money',
      'catalogue: mark an unpaid order paid: 403, now pending, no money',
      'catalogue: confirm a paid order: 403, now paid, captured 119900',
      'catalogue: cancel a paid order, refunding it: 403, now paid, captured 119900',
      'catalogue: cancel an unpaid order: 403, now pending, no money',
      'accounts: mark an unpaid order paid: 200, now paid, captured 119900',
      'accounts: confirm a paid order: 403, now paid, captured 119900',
      'accounts: cancel a paid order, refunding it: 200, now cancelled, captured 119900, refunded 119900',
      'accounts: cancel an unpaid order: 403, now pending, no money',
    ]);
  });
});
