import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery';
import { normalisePhone } from '../../../shared/phone';
import type { Db, Queryable, Tx } from '../../db/client';
import { users } from '../auth/tables';
import { queueOrderNotice } from '../notifications';
import { UNSHIPPED_COD_STATUSES } from './cash-on-delivery';
import { recordStatus } from './order-events';
import type { OrderRow } from './order-rows';
import { codConfirmations, orders } from './tables';

// Decision 0064: a cash on delivery order above the owner's amount waits for the customer's YES.

/**
 * Asks the customer to confirm, in the transaction that places the order: the row that makes it
 * wait, and the "Reply YES" message to the account's verified mobile (COD needs one).
 */
export async function askCodConfirmation(tx: Tx, order: OrderRow, hours: number, at: Date): Promise<void> {
  const [account] =
    order.userId === null
      ? []
      : await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId));
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
  const [waiting] = await runner
    .select({ orderId: codConfirmations.orderId })
    .from(codConfirmations)
    .where(and(eq(codConfirmations.orderId, orderId), isNull(codConfirmations.confirmedAt)));
  return waiting !== undefined;
}

/**
 * A reply of YES from `from`: confirms that number's latest order still waiting (one not yet
 * cancelled), once. Its timeline says so, and the customer gets the placed order's news then.
 */
export async function confirmCodByReply(db: Db, from: string, at: Date): Promise<boolean> {
  const phone = normalisePhone(from);
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ orderId: codConfirmations.orderId, status: orders.status })
      .from(codConfirmations)
      .innerJoin(orders, eq(orders.id, codConfirmations.orderId))
      .where(
        and(
          eq(codConfirmations.phone, phone),
          isNull(codConfirmations.confirmedAt),
          inArray(orders.status, [...UNSHIPPED_COD_STATUSES]),
        ),
      )
      .orderBy(desc(codConfirmations.askedAt))
      .limit(1)
      .for('update');
    if (!waiting) return false;
    const [confirmed] = await tx
      .update(codConfirmations)
      .set({ confirmedAt: at })
      .where(and(eq(codConfirmations.orderId, waiting.orderId), isNull(codConfirmations.confirmedAt)))
      .returning({ orderId: codConfirmations.orderId });
    if (!confirmed) return false;
    await recordStatus(tx, {
      orderId: waiting.orderId,
      status: waiting.status,
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
