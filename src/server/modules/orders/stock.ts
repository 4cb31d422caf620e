import { and, asc, eq, gt } from 'drizzle-orm';
import { outOfStockMessage } from '../../../shared/api/payments';
import type { Tx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { restock, takeStock } from '../catalog';
import { orderItems } from './tables';

type StockLine = { productId: number; quantity: number; name: string };

/**
 * Takes each line's units from stock with a conditional decrement, so concurrent buyers on any
 * number of instances can never take more than there is (STYLE "Server"). Lines are taken in
 * product order so two transactions lock rows in the same order and cannot deadlock. A line that
 * cannot be taken throws a conflict naming the product; the caller's transaction then rolls back.
 */
export async function reserveStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    if (!(await takeStock(tx, line.productId, line.quantity))) throw conflict(outOfStockMessage(line.name));
  }
}

/**
 * Puts an order's reserved units back and zeroes its reservation. The caller holds the order's row
 * (it has just changed its status with a conditional UPDATE in the same transaction), so this runs
 * once per release however many instances try.
 */
export async function releaseReservation(tx: Tx, orderId: string): Promise<number> {
  const reserved = await tx
    .select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.reservedQuantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), gt(orderItems.reservedQuantity, 0)))
    .orderBy(asc(orderItems.productId));
  await restock(tx, reserved);
  let released = 0;
  for (const line of reserved) {
    await tx.update(orderItems).set({ reservedQuantity: 0 }).where(eq(orderItems.id, line.id));
    released += line.quantity;
  }
  return released;
}

/**
 * Reserves an order's in-stock lines again (a payment that arrived after its order expired). In a
 * savepoint: when any line cannot be had, nothing is taken and the answer is false.
 */
export async function reserveOrderAgain(tx: Tx, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      name: orderItems.name,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.isPreOrder, false)));
  try {
    await tx.transaction(async (savepoint) => {
      await reserveStock(savepoint, lines);
      for (const line of lines) {
        await savepoint
          .update(orderItems)
          .set({ reservedQuantity: line.quantity })
          .where(eq(orderItems.id, line.id));
      }
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') return false;
    throw error;
  }
}
