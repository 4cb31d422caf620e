import { and, eq, sql } from 'drizzle-orm';
import type { AddressForm } from '../../../shared/address';
import type { DeliveryInfo } from '../../../shared/delivery';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import type { Paise } from '../../../shared/money';
import type { TimedSlotRule } from '../../../shared/timed-slots';
import type { Tx } from '../../db/client';
import { windowColumnsOf } from '../delivery-slots';
import { estimateOf, type OrderRow } from './order-rows';
import { orderItems, orders } from './tables';

// What other modules change on an order (decision 0094), in their own transaction. Each step of
// its history is the caller's to record (recordStatus), with the words of its own rule.

/**
 * Moves the order to `to`, only from `from` when given, so two movers cannot both move it;
 * `quiet` takes its customer's consent to order news off it (a pool's refund tells each friend
 * instead). False when it was not in `from`.
 */
export async function setOrderStatus(
  tx: Tx,
  change: { orderId: string; to: string; from?: string; quiet?: boolean; at: Date },
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ status: change.to, updatedAt: change.at, ...(change.quiet ? { notify: null } : {}) })
    .where(
      and(
        eq(orders.id, change.orderId),
        change.from === undefined ? undefined : eq(orders.status, change.from),
      ),
    )
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * The order goes to this address, on this day and slot, for `totalPaise`: what it keeps of the
 * delivery check, the timed slot's window, in the caller's transaction (which holds its row).
 */
export async function setOrderDelivery(
  tx: Tx,
  orderId: string,
  delivery: {
    address: AddressForm;
    info: DeliveryInfo;
    chosen: DeliveryChoice | null;
    slots: readonly TimedSlotRule[];
    totalPaise: Paise;
    at: Date;
  },
): Promise<OrderRow> {
  const { address, chosen } = delivery;
  const [changed] = await tx
    .update(orders)
    .set({
      shippingAddress: address,
      deliveryPincode: address.postalCode,
      deliveryEstimate: estimateOf(delivery.info),
      deliveryDate: chosen?.date ?? null,
      deliverySlot: chosen?.slot ?? null,
      ...windowColumnsOf(chosen, delivery.slots),
      totalPaise: delivery.totalPaise,
      updatedAt: delivery.at,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!changed) throw new Error(`Order ${orderId} vanished`);
  return changed;
}

/**
 * Decision 0066: units of the order's lines counted as coming back (an approved return), so the
 * same units cannot be asked back twice.
 */
export async function countUnitsReturning(tx: Tx, units: ReadonlyMap<number, number>): Promise<void> {
  for (const [orderItemId, quantity] of units) {
    await tx
      .update(orderItems)
      .set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${quantity}` })
      .where(eq(orderItems.id, orderItemId));
  }
}

/**
 * Decision 0078: a line taken out of the order, whose sums become those given, in the caller's
 * transaction (which holds the order's row and its lines').
 */
export async function removeOrderLine(
  tx: Tx,
  orderId: string,
  lineId: number,
  sums: { subtotalPaise: Paise; discountPaise: Paise; totalPaise: Paise; at: Date },
): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.id, lineId));
  await tx
    .update(orders)
    .set({
      subtotalPaise: sums.subtotalPaise,
      discountPaise: sums.discountPaise,
      totalPaise: sums.totalPaise,
      updatedAt: sums.at,
    })
    .where(eq(orders.id, orderId));
}
