import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import type { OrderRow } from './order-rows';
import { orderEvents, orderItems, orders } from './tables';

// What other modules ask of an order (decision 0094), in their own transaction.

/** The id of the order with this number, however its letters are cased; null when none has it. */
export async function orderIdByNumber(runner: Queryable, orderNumber: string): Promise<string | null> {
  const [order] = await runner
    .select({ id: orders.id })
    .from(orders)
    .where(eq(sql`upper(${orders.orderNumber})`, orderNumber));
  return order?.id ?? null;
}

/** The numbers of these orders, by id (an id of no order is left out). */
export async function orderNumbersOf(
  runner: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const rows =
    orderIds.length === 0
      ? []
      : await runner
          .select({ id: orders.id, orderNumber: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}

/** Whether an order of the product by this customer has been delivered (even if later returned). */
export async function hasReceived(runner: Queryable, userId: number, productId: number): Promise<boolean> {
  const [row] = await runner
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'delivered')`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The customer's order sent with this idempotency key (a retried checkout's); null when none was. */
export async function orderByIdempotencyKey(
  runner: Queryable,
  userId: number,
  idempotencyKey: string,
): Promise<OrderRow | null> {
  const [order] = await runner
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return order ?? null;
}

/** An order's line as it was bought: product, price, quantity, and units reserved or returned. */
export type OrderLine = typeof orderItems.$inferSelect;

/** The order's row; null when there is none. */
export async function orderOf(runner: Queryable, orderId: string): Promise<OrderRow | null> {
  const [order] = await runner.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The order's row locked for the caller's transaction, so the caller's change of it (its status,
 * its delivery) is judged on what no one else is changing meanwhile; null when there is none.
 */
export async function lockedOrderOf(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** Decision 0078: the order's lines, each row locked, for a change of its lines in the caller's transaction. */
export async function lockedLinesOf(tx: Tx, orderId: string): Promise<OrderLine[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).for('update');
}

/** The rows of these orders, in no particular order (an id of no order is left out). */
export async function ordersOf(runner: Queryable, orderIds: readonly string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return runner
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

/** The order's lines, first added first. */
export async function orderLinesOf(runner: Queryable, orderId: string): Promise<OrderLine[]> {
  return runner.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** The product and name of each of these lines as bought, by line id. */
export async function boughtLinesOf(runner: Queryable, lineIds: readonly number[]) {
  const lines =
    lineIds.length === 0
      ? []
      : await runner
          .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.name })
          .from(orderItems)
          .where(inArray(orderItems.id, [...new Set(lineIds)]));
  return new Map(lines.map(({ id, ...line }) => [id, line]));
}

/** The lines of these orders, first added first. */
export async function linesOfOrders(runner: Queryable, orderIds: readonly string[]): Promise<OrderLine[]> {
  if (orderIds.length === 0) return [];
  return runner
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.id));
}

/** The timelines of these orders, oldest event first (SPEC 3 order history). */
export async function timelinesOf(runner: Queryable, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return runner
    .select({
      orderId: orderEvents.orderId,
      status: orderEvents.status,
      note: orderEvents.note,
      internalNote: orderEvents.internalNote,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/**
 * Decision 0017: an order nobody owns (a quote sent before its customer had an account) becomes
 * `userId`'s, once: the update is conditional, so two tabs or instances cannot both take it.
 * Answers the claimed row, or null when someone owns it already.
 */
export async function claimUnownedOrder(
  runner: Queryable,
  orderId: string,
  userId: number,
  at: Date,
): Promise<OrderRow | null> {
  const [claimed] = await runner
    .update(orders)
    .set({ userId, updatedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.userId)))
    .returning();
  return claimed ?? null;
}

/** For a query over another module's rows: the order `orderId` names is the customer's own. */
export function placedBy(orderId: AnyPgColumn, userId: number): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.userId} = ${userId})`;
}
