import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderCharges, orderItems, orders } from './tables';

// Decision 0063: a shopper's orders, for their export and their erasure (account module).

/** The shopper's orders, oldest first, with every line and fee of them. */
export async function ordersWithLinesOf(db: Db, userId: number) {
  const ownOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const orderIds = ownOrders.map((order) => order.id);
  if (orderIds.length === 0) return { orders: ownOrders, items: [], fees: [] };
  const [items, fees] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
    db
      .select()
      .from(orderCharges)
      .where(inArray(orderCharges.orderId, orderIds))
      .orderBy(asc(orderCharges.id)),
  ]);
  return { orders: ownOrders, items, fees };
}

/** The ids of the shopper's orders, in the caller's transaction. */
export async function orderIdsOf(tx: Tx, userId: number): Promise<string[]> {
  const own = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  return own.map((row) => row.id);
}

/**
 * The tax record keeps amounts, lines and the place of supply (state and pincode); who and where
 * to goes, with the gift's words and recipient, the order news' consent and the personalisations.
 */
export async function eraseOrderContactsOf(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  for (const order of await tx
    .select({ id: orders.id, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(inArray(orders.id, orderIds))) {
    const kept = (order.shippingAddress ?? {}) as { state?: string; postalCode?: string };
    await tx
      .update(orders)
      .set({
        shippingAddress: {
          fullName: '',
          address: '',
          city: '',
          state: kept.state ?? '',
          postalCode: kept.postalCode ?? '',
          phone: '',
        },
        giftMessage: null,
        giftRecipientEmail: null,
        notify: null,
      })
      .where(eq(orders.id, order.id));
  }
  await tx.update(orderItems).set({ personalisation: null }).where(inArray(orderItems.orderId, orderIds));
}
