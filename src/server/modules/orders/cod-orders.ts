import { and, asc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CodRules } from '../../../shared/cash-on-delivery';
import type { Queryable, Tx } from '../../db/client';
import { orders } from './tables';

type OrderRow = typeof orders.$inferSelect;

// The order's side of cash on delivery (decision 0042): which orders are open and what paying at
// the door or coming back unpaid changes on their row. Its rules are the cash-on-delivery module's.

/** The owner's cash on delivery rules in force, read for every order (as the delivery charges are). */
export type ReadCodRules = () => Promise<CodRules>;

export const COD_PLACED_NOTE = 'Order placed with cash on delivery. Confirmed.';

/** A cash on delivery order still open: not yet paid at the door, nor cancelled or come back. */
export const openCodOrder = () =>
  and(
    eq(orders.paymentMethod, 'cod'),
    isNull(orders.paidAt),
    notInArray(orders.status, ['cancelled', 'returned']),
  );

/** Decision 0054: a COD order the courier does not have yet; after the owner's hours it is cancelled. */
export const UNSHIPPED_COD_STATUSES: readonly string[] = ['confirmed', 'processing', 'packed'];

/** Whether the row is an open cash on delivery order the courier does not have yet. */
export const isUnshippedCodOrder = (row: Pick<OrderRow, 'paymentMethod' | 'paidAt' | 'status'>) =>
  row.paymentMethod === 'cod' && row.paidAt === null && UNSHIPPED_COD_STATUSES.includes(row.status);

/** The condition that the order `orderId` names is an open COD order the courier does not have yet. */
export const unshippedCodOrder = (orderId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${openCodOrder()} and ${inArray(orders.status, [...UNSHIPPED_COD_STATUSES])})`;

/** The number of the account's oldest open cash on delivery order, or null. */
export async function openCodOrderOf(runner: Queryable, userId: number): Promise<string | null> {
  const [open] = await runner
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.userId, userId), openCodOrder()))
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return open?.orderNumber ?? null;
}

/** Delivered is cash collected: the order is paid at `at`, once (false when it already was). */
export async function markPaidAtDoor(tx: Tx, orderId: string, at: Date): Promise<boolean> {
  const [collected] = await tx
    .update(orders)
    .set({ paidAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.paidAt)))
    .returning({ id: orders.id });
  return collected !== undefined;
}

/** An unpaid order back at the store is cancelled, once (false when it was not returned unpaid). */
export async function cancelReturnedUnpaid(tx: Tx, orderId: string, at: Date): Promise<boolean> {
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'returned'), isNull(orders.paidAt)))
    .returning({ id: orders.id });
  return cancelled !== undefined;
}
