import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { StoreIdentity } from '../../store-identity';
import { type MailFooter, mailFooter } from './mail-footer';
import { MAIL_FOOTER_SLOT } from './mail-layout';
import type { MailTransport } from './mail-transport';
import { mailOutbox } from './tables';

// How often the worker sends what is due.
export const MAIL_EVERY_MS = 15 * 1000;

export type OutgoingMail = {
  recipient: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What the mail is about, e.g. 'order-confirmation'; for reports and tests. */
  kind: string;
  orderId?: string | null;
};

/**
 * Queues a mail in the caller's transaction, so it goes out exactly when the change it reports is
 * committed, and sending can never block or fail that change (DESIGN 4 "Mail").
 */
export async function enqueueMail(executor: Db | Tx, mail: OutgoingMail, now: Date): Promise<void> {
  // An account made with a mobile number may have no e-mail address (decision 0032): no mail then.
  if (!mail.recipient) return;
  await executor.insert(mailOutbox).values({
    recipient: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    kind: mail.kind,
    orderId: mail.orderId ?? null,
    nextAttemptAt: now,
    // The store's clock, as every outbox row: the owner's burst of notices is counted by it.
    createdAt: now,
  });
}

/** Whether a mail of this kind was ever queued for the order, in the caller's transaction. */
export async function mailQueuedFor(executor: Db | Tx, orderId: string, kind: string): Promise<boolean> {
  const [earlier] = await executor
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, kind)))
    .limit(1);
  return earlier !== undefined;
}

/** How many mails of these kinds were queued since `since`, in the caller's transaction. */
export async function countMailsQueuedSince(
  executor: Db | Tx,
  kinds: readonly string[],
  since: Date,
): Promise<number> {
  const [queued] = await executor
    .select({ value: count() })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.kind, [...kinds]), gte(mailOutbox.createdAt, since)));
  return queued?.value ?? 0;
}

/** The outbox's queue (for /metrics and the back office): queued, due now, retrying, given up, sent. */
export async function mailQueueOf(runner: Db | Tx, now: Date) {
  const [row] = await runner
    .select({
      queued: sql<number>`count(*) filter (where ${mailOutbox.status} = 'queued')`.mapWith(Number),
      due: sql<number>`count(*) filter (where ${mailOutbox.status} = 'queued' and ${mailOutbox.nextAttemptAt} <= ${now.toISOString()})`.mapWith(
        Number,
      ),
      retrying:
        sql<number>`count(*) filter (where ${mailOutbox.status} = 'queued' and ${mailOutbox.attempts} > 0)`.mapWith(
          Number,
        ),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sent')`.mapWith(Number),
    })
    .from(mailOutbox);
  return {
    queued: row?.queued ?? 0,
    due: row?.due ?? 0,
    retrying: row?.retrying ?? 0,
    failed: row?.failed ?? 0,
    sent: row?.sent ?? 0,
  };
}

/** The back office's page of the outbox, newest first, and how many mails it holds. */
export async function outboxPage(runner: Db | Tx, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    runner
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    runner.select({ total: count() }).from(mailOutbox),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export const MAIL_MAX_ATTEMPTS = 8;
// A claimed mail is left alone this long; if the sender dies mid-send, another picks it up after.
const CLAIM_LEASE_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Back-off after the n-th failed attempt: 1, 2, 4, ... minutes, at most an hour. */
export const retryDelayMs = (attempt: number) => Math.min(2 ** Math.max(attempt - 1, 0), 60) * MINUTE_MS;

/**
 * A queued mail as it leaves: the footer after the text, and in the HTML where the layout left
 * its slot (after a bare fragment, which mail from before the layout may be).
 */
export function withFooter(mail: { text: string; html: string | null }, footer: MailFooter) {
  return {
    text: `${mail.text}\n${footer.text}`,
    html:
      mail.html === null
        ? null
        : mail.html.includes(MAIL_FOOTER_SLOT)
          ? mail.html.replace(MAIL_FOOTER_SLOT, footer.html)
          : `${mail.html}\n${footer.html}`,
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;

/**
 * Sends due mail. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances
 * share the queue without sending a mail twice at once; failures are retried with back-off and
 * given up (status 'failed') after MAIL_MAX_ATTEMPTS.
 */
export function createMailWorker({
  db,
  clock,
  transport,
  from,
  store,
  log,
}: {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  from: string;
  /** Who the store is now, for the footer every mail gets as it is sent (mail-footer.ts). */
  store: () => Promise<StoreIdentity>;
  log: FastifyBaseLogger;
}) {
  return {
    async sendDueMail(limit = 20): Promise<{ sent: number; failed: number }> {
      // The owner's settings as saved now, so a changed care phone is in the next mail.
      const footer = mailFooter(await store());
      const now = clock.now();
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        })
        .where(inArray(mailOutbox.id, due))
        .returning();

      let sent = 0;
      let failed = 0;
      for (const mail of claimed.sort((a, b) => a.id - b.id)) {
        try {
          await transport.send({
            outboxId: mail.id,
            from,
            to: mail.recipient,
            subject: mail.subject,
            ...withFooter(mail, footer),
          });
          await db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: clock.now(), lastError: null })
            .where(eq(mailOutbox.id, mail.id));
          sent++;
        } catch (error) {
          failed++;
          const giveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ err: error, mailId: mail.id, attempts: mail.attempts, giveUp }, 'sending mail failed');
          await db
            .update(mailOutbox)
            .set({
              status: giveUp ? 'failed' : 'queued',
              lastError: message.slice(0, 1000),
              nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(mail.attempts)),
            })
            .where(eq(mailOutbox.id, mail.id));
        }
      }
      return { sent, failed };
    },
  };
}

/**
 * Decision 0055: empties the text of the mails queued before `before` and no longer waiting to go;
 * the row stays as the record that a mail went. Answers how many were emptied.
 */
export async function eraseMailBodiesBefore(db: Db, before: Date): Promise<number> {
  const erased = await db
    .update(mailOutbox)
    .set({ text: '', html: null })
    .where(
      and(
        lt(mailOutbox.createdAt, before),
        ne(mailOutbox.status, 'queued'),
        or(ne(mailOutbox.text, ''), isNotNull(mailOutbox.html)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return erased.length;
}
