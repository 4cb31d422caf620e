import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailOutbox } from './tables';

// Decision 0063: the mails of a shopper, for their export and their erasure (account module).

/** The mails sent (or waiting) to this address. */
export async function mailsTo(db: Db, email: string) {
  return db
    .select({
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      text: mailOutbox.text,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email));
}

/** The bodies of the shopper's mails (of their orders, or to their address) go; none queued is sent. */
export async function eraseMailsOf(tx: Tx, of: { orderIds: string[]; email: string | null }): Promise<void> {
  const mailOf = or(
    of.orderIds.length > 0 ? inArray(mailOutbox.orderId, of.orderIds) : undefined,
    of.email ? eq(mailOutbox.recipient, of.email) : undefined,
  );
  if (!mailOf) return;
  await tx
    .update(mailOutbox)
    .set({ status: 'failed', lastError: 'account erased' })
    .where(and(mailOf, eq(mailOutbox.status, 'queued')));
  await tx.update(mailOutbox).set({ text: '', html: null, recipient: '' }).where(mailOf);
}
