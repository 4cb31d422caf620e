import { eq } from 'drizzle-orm';
import type { AddressForm } from '../../../shared/address';
import type { FeeCharge } from '../../../shared/order-charges';
import type { Tx } from '../../db/client';
import { insertFees } from './order-charges';
import { recordStatus } from './order-events';
import { nextOrderNumber, type OrderRow } from './order-rows';
import { reserveStock } from './stock';
import { orderCharges, orderItems, orders } from './tables';

/** What an order waiting for payment is made of, whoever priced it (checkout or the owner's quote). */
export type PendingOrderColumns = Omit<
  typeof orders.$inferInsert,
  'orderNumber' | 'status' | 'currency' | 'shippingAddress' | 'deliveryPincode' | 'createdAt' | 'updatedAt'
> & {
  /** Null for a gift sent by link until its recipient gives the address (decision 0081). */
  shippingAddress: AddressForm | null;
};

export type PendingOrderLine = Omit<typeof orderItems.$inferInsert, 'orderId' | 'reservedQuantity'> & {
  isPreOrder: boolean;
};

/**
 * Inserts an order waiting for payment, in the caller's transaction: reserves the stock of its
 * in-stock lines (a pre-order line reserves nothing), numbers it, writes its lines, its fees and the first
 * line of its history. The expiry sweep releases what it holds if it is never paid. A cash on
 * delivery order starts `confirmed` instead, with no expiry: it is paid at the door.
 */
export async function insertPendingOrder(
  tx: Tx,
  {
    order,
    lines,
    fees,
    note,
    actor,
    now,
    status = 'pending',
    holdStock = true,
  }: {
    order: PendingOrderColumns;
    lines: readonly PendingOrderLine[];
    /** Decision 0072: the order's fees as the model priced them, stored as its charge rows. */
    fees: readonly FeeCharge[];
    note: string;
    actor?: 'system' | 'admin';
    now: Date;
    status?: 'pending' | 'confirmed';
    /** Decision 0084: a group gift's order takes its stock only once its total is met. */
    holdStock?: boolean;
  },
): Promise<OrderRow> {
  if (holdStock) {
    await reserveStock(
      tx,
      lines.filter((line) => !line.isPreOrder),
    );
  }
  const [created] = await tx
    .insert(orders)
    .values({
      ...order,
      orderNumber: await nextOrderNumber(tx),
      status,
      currency: 'INR',
      deliveryPincode: order.shippingAddress?.postalCode ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('Inserting an order returned no row');
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      ...line,
      orderId: created.id,
      reservedQuantity: line.isPreOrder || !holdStock ? 0 : line.quantity,
    })),
  );
  await insertFees(tx, created.id, fees);
  await recordStatus(tx, { orderId: created.id, status, note, actor, at: now });
  return created;
}

/** An order's lines and fees as priced again (decision 0072), with its new amounts. */
export type RepricedLines = {
  lines: readonly PendingOrderLine[];
  fees: readonly FeeCharge[];
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
};

/**
 * Decision 0084: a waiting order's gift changed for another (a met pool whose gift sold out): the
 * new lines take their stock now (a conflict naming the product when it is gone, and the caller's
 * transaction rolls back), and replace the old lines, fees and amounts. The caller holds the
 * order's row; the old lines held no stock. Answers the order as it now stands.
 */
export async function replacePendingLines(
  tx: Tx,
  orderId: string,
  priced: RepricedLines,
  now: Date,
): Promise<OrderRow> {
  const inStock = priced.lines.filter((line) => !line.isPreOrder);
  await reserveStock(tx, inStock);
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.delete(orderCharges).where(eq(orderCharges.orderId, orderId));
  await tx.insert(orderItems).values(
    priced.lines.map((line) => ({
      ...line,
      orderId,
      reservedQuantity: line.isPreOrder ? 0 : line.quantity,
    })),
  );
  await insertFees(tx, orderId, priced.fees);
  const [updated] = await tx
    .update(orders)
    .set({
      subtotalPaise: priced.subtotalPaise,
      discountPaise: priced.discountPaise,
      totalPaise: priced.totalPaise,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!updated) throw new Error(`Order ${orderId} vanished`);
  return updated;
}
