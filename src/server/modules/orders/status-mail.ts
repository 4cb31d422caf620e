import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type orders, users } from '../../db/schema';
import { userEmail } from '../../db/sql-helpers';
import type { StoreIdentity } from '../../store-identity';
import { enqueueMail, orderStatusMail } from '../mail';
import { statusMailDue } from '../notifications';
import { addressOf, deliveryChoiceOf } from './order-records';

/**
 * The customer's e-mail of an order's new status, queued in the transaction that moved it (the
 * mail outbox sends it after the commit, so a rolled-back move mails nothing): only for the few
 * statuses that matter (notifications' statusMailDue), and never for a quote nobody has claimed
 * (no account to write to). The one place a status is mailed, whoever moved the order: the back
 * office, one order or in bulk, and the courier's tracking.
 */
export async function mailStatusIfDue(
  tx: Tx,
  store: StoreIdentity,
  row: typeof orders.$inferSelect,
  to: string,
  note: string,
  now: Date,
): Promise<void> {
  if (row.userId === null || !(await statusMailDue(tx, row.id, to))) return;
  const [customer] = await tx
    .select({ email: userEmail, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!customer) return;
  const order = {
    id: row.id,
    orderNumber: row.orderNumber,
    customerName: addressOf(row).fullName || customer.fullName,
    customerEmail: customer.email,
    deliveryChoice: deliveryChoiceOf(row),
  };
  await enqueueMail(tx, orderStatusMail(order, to, note, store), now);
}
