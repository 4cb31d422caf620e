import { and, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery';
import { normalisePhone } from '../../../shared/phone';
import type { Db, Queryable, Tx } from '../../db/client';
import { contactOf } from '../auth';
import { queueOrderNotice } from '../notifications';
import {
  isUnshippedCodOrder,
  lockedOrderOf,
  type OrderRow,
  recordStatus,
  unshippedCodOrder,
} from '../orders';
import { codConfirmations } from './tables';

// Decision 0064: a cash on delivery order above the owner's amount waits for the customer's YES.

/**
 * Asks the customer to confirm, in the transaction that places the order: the row that makes it
 * wait, and the "Reply YES" message to the account's verified mobile (COD needs one).
 */
export async function askCodConfirmation(tx: Tx, order: OrderRow, hours: number, at: Date): Promise<void> {
  const account = order.userId === null ? null : await contactOf(tx, order.userId);
  if (!account?.phone) return;
  await tx.insert(codConfirmations).values({
    orderId: order.id,
    phone: normalisePhone(account.phone),
    askedAt: at,
  });
  await queueOrderNotice(tx, {
    orderId: order.id,
    notice: 'cod_confirm',
    key: `cod-confirm-${order.id}`,
    details: { hours },
    at,
  });
}

/** Whether the order still waits for its YES (the booking refuses it until then). */
export async function awaitsCodConfirmation(runner: Queryable, orderId: string): Promise<boolean> {
  return (await codConfirmationsAwaited(runner, [orderId])).size > 0;
}

/** Which of these orders still wait for their YES. */
export async function codConfirmationsAwaited(
  runner: Queryable,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const waiting = await runner
    .select({ orderId: codConfirmations.orderId })
    .from(codConfirmations)
    .where(and(inArray(codConfirmations.orderId, [...orderIds]), isNull(codConfirmations.confirmedAt)));
  return new Set(waiting.map((row) => row.orderId));
}

/** The condition that the order `orderId` names still waits for its YES (the dispatch desk's queue). */
export const codConfirmationAwaited = (orderId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${codConfirmations} where ${codConfirmations.orderId} = ${orderId} and ${codConfirmations.confirmedAt} is null)`;

/** Orders still waiting for the YES they were asked for by `askedBefore`, the longest waiting first. */
export async function unconfirmedCodOrdersAskedBefore(runner: Queryable, askedBefore: Date, limit: number) {
  const due = await runner
    .select({ id: codConfirmations.orderId })
    .from(codConfirmations)
    .where(
      and(
        isNull(codConfirmations.confirmedAt),
        lte(codConfirmations.askedAt, askedBefore),
        unshippedCodOrder(codConfirmations.orderId),
      ),
    )
    .orderBy(asc(codConfirmations.askedAt))
    .limit(limit);
  return due.map((row) => row.id);
}

/**
 * A reply of YES from `from`: confirms that number's latest order still waiting (one not yet
 * cancelled), once. Its timeline says so, and the customer gets the placed order's news then.
 */
export async function confirmCodByReply(db: Db, from: string, at: Date): Promise<boolean> {
  const phone = normalisePhone(from);
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ orderId: codConfirmations.orderId })
      .from(codConfirmations)
      .where(
        and(
          eq(codConfirmations.phone, phone),
          isNull(codConfirmations.confirmedAt),
          unshippedCodOrder(codConfirmations.orderId),
        ),
      )
      .orderBy(desc(codConfirmations.askedAt))
      .limit(1)
      .for('update');
    if (!waiting) return false;
    // The order's row is locked as the sweep that cancels an unconfirmed order locks it: of a YES
    // and that cancel, one goes after the other, and a YES after the cancel confirms nothing.
    const order = await lockedOrderOf(tx, waiting.orderId);
    if (!order || !isUnshippedCodOrder(order)) return false;
    const [confirmed] = await tx
      .update(codConfirmations)
      .set({ confirmedAt: at })
      .where(and(eq(codConfirmations.orderId, waiting.orderId), isNull(codConfirmations.confirmedAt)))
      .returning({ orderId: codConfirmations.orderId });
    if (!confirmed) return false;
    await recordStatus(tx, {
      orderId: waiting.orderId,
      status: order.status,
      note: COD_CONFIRM_MESSAGES.confirmed,
      actor: 'customer',
      at,
    });
    await queueOrderNotice(tx, {
      orderId: waiting.orderId,
      notice: 'order_placed_cod',
      key: `cod-placed-${waiting.orderId}`,
      at,
    });
    return true;
  });
}
