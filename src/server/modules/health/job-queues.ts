import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { ORDER_EXPIRED_NOTE } from '../orders';

/**
 * How much work each background job has waiting, read from the tables the jobs claim rows from
 * (so every instance sees the same store-wide figures). For /metrics and the back office.
 */
type JobQueues = {
  orderExpiry: { pending: number; overdue: number };
  mail: { queued: number; due: number; retrying: number; failed: number; sent: number };
  webhooks: { unprocessed: number; failing: number };
};

type Row = Record<string, string | number | null>;
const count = (value: unknown) => Number(value ?? 0);

export async function readJobQueues(db: Db, now: Date): Promise<JobQueues> {
  const at = now.toISOString();
  const [orderRow, mailRow, webhookRow] = await Promise.all([
    db.execute(sql`
      select count(*) filter (where status = 'pending') as pending,
             count(*) filter (where status = 'pending' and expires_at <= ${at}) as overdue
        from orders where status = 'pending'`),
    db.execute(sql`
      select count(*) filter (where status = 'queued') as queued,
             count(*) filter (where status = 'queued' and next_attempt_at <= ${at}) as due,
             count(*) filter (where status = 'queued' and attempts > 0) as retrying,
             count(*) filter (where status = 'failed') as failed,
             count(*) filter (where status = 'sent') as sent
        from mail_outbox`),
    db.execute(sql`
      select count(*) filter (where processed_at is null) as unprocessed,
             count(*) filter (where processed_at is null and last_error is not null) as failing
        from webhook_events`),
  ]);
  const orders = rowsOf<Row>(orderRow)[0] ?? {};
  const mail = rowsOf<Row>(mailRow)[0] ?? {};
  const webhooks = rowsOf<Row>(webhookRow)[0] ?? {};
  return {
    orderExpiry: { pending: count(orders.pending), overdue: count(orders.overdue) },
    mail: {
      queued: count(mail.queued),
      due: count(mail.due),
      retrying: count(mail.retrying),
      failed: count(mail.failed),
      sent: count(mail.sent),
    },
    webhooks: { unprocessed: count(webhooks.unprocessed), failing: count(webhooks.failing) },
  };
}

/** Store-wide order and payment totals for /metrics. */
export async function readOrderTotals(db: Db) {
  const result = await db.execute(sql`
    select (select count(*) from orders) as created,
           (select count(*) from orders where paid_at is not null) as paid,
           (select count(*) from order_events where status = 'cancelled' and note = ${ORDER_EXPIRED_NOTE}) as expired,
           (select count(*) from payments where status = 'failed') as payment_failures`);
  const row = rowsOf<Row>(result)[0] ?? {};
  return {
    created: count(row.created),
    paid: count(row.paid),
    expired: count(row.expired),
    paymentFailures: count(row.payment_failures),
  };
}
