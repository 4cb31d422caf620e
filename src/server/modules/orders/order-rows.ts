// An order's row and what is read off it: its address, its chosen delivery, what it keeps of the
// delivery check it was placed with, its number, when it was delivered.
import { and, asc, desc, eq, inArray, lte, not, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AddressForm } from '../../../shared/address';
import { DeliveryEstimate } from '../../../shared/api/orders';
import type { DeliveryInfo } from '../../../shared/delivery';
import {
  chosenDeliveryOf,
  type DeliveryChoiceRecord,
  type StoredDeliveryChoice,
} from '../../../shared/delivery-dates';
import { toRupees } from '../../../shared/money';
import { type Db, type Queryable, rowsOf, type Tx } from '../../db/client';
import { openCodOrder, UNSHIPPED_COD_STATUSES } from './cod-orders';
import { feePaiseOf, type StoredFee } from './order-charges';
import { orderEvents, orders } from './tables';

export type OrderRow = typeof orders.$inferSelect;

/** No address: a gift link's order until its recipient gives one. */
export const EMPTY_ADDRESS: AddressForm = { fullName: '', address: '', city: '', postalCode: '', phone: '' };

export const addressOf = (row: Pick<OrderRow, 'shippingAddress'>): AddressForm => {
  const parsed = AddressForm.safeParse(row.shippingAddress);
  return parsed.success ? parsed.data : EMPTY_ADDRESS;
};

/** SPEC's delivery slots: the chosen date, slot and timed window, with its fee among the order's. */
export const deliveryChoiceOf = (
  row: StoredDeliveryChoice,
  fees: readonly StoredFee[],
): DeliveryChoiceRecord | null => {
  const chosen = chosenDeliveryOf(row);
  return chosen && { ...chosen, fee: toRupees(feePaiseOf(fees, 'delivery_slot')) };
};

/** The next order number (RG-10001 on). Checkout orders and quotes share the one sequence. */
export async function nextOrderNumber(tx: Tx): Promise<string> {
  const [numbered] = rowsOf<{ n: string }>(
    await tx.execute(sql`select nextval('order_number_seq')::text as n`),
  );
  if (!numbered) throw new Error('order_number_seq gave no value');
  return `RG-${numbered.n}`;
}

/** What an order keeps of the delivery check it was placed with, to show until it ships. */
export const estimateOf = (info: DeliveryInfo): DeliveryEstimate => ({
  days: info.days,
  message: info.message,
  type: info.type,
  fastDelivery: info.fastDelivery,
  city: info.city,
  isPreOrder: info.isPreOrder,
});

export const deliveryEstimateOf = (row: Pick<OrderRow, 'deliveryEstimate'>): DeliveryEstimate | null => {
  const parsed = DeliveryEstimate.safeParse(row.deliveryEstimate);
  return parsed.success ? parsed.data : null;
};

/**
 * Decision 0054: open cash on delivery orders placed by `placedBefore` that the courier does not
 * have (none booked, or its booking cancelled), the oldest first. `isBookedWithCourier` is the
 * courier's condition, handed in as the courier imports this module (decision 0094).
 */
export async function unbookedCodOrdersPlacedBefore(
  runner: Queryable,
  placedBefore: Date,
  limit: number,
  isBookedWithCourier: (orderId: AnyPgColumn) => SQL,
) {
  const due = await runner
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        openCodOrder(),
        inArray(orders.status, [...UNSHIPPED_COD_STATUSES]),
        lte(orders.createdAt, placedBefore),
        not(isBookedWithCourier(orders.id)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return due.map((row) => row.id);
}

/** When the order was last delivered (its latest 'delivered' event), for the return window. */
export async function deliveredAtOf(db: Db | Tx, orderId: string): Promise<Date | null> {
  const [event] = await db
    .select({ createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return event?.createdAt ?? null;
}
