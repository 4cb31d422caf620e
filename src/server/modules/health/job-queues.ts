import type { Db } from '../../db/client';
import { mailQueueOf } from '../mail';
import { failedPaymentCount } from '../money-ledger';
import { ordersAwaitingExpiry, orderTotals } from '../orders';
import { webhookQueueOf } from '../payments';

/**
 * How much work each background job has waiting, read from the tables the jobs claim rows from
 * (so every instance sees the same store-wide figures), each through its owner's entry (decision
 * 0094). For /metrics and the back office.
 */
type JobQueues = {
  orderExpiry: { pending: number; overdue: number };
  mail: { queued: number; due: number; retrying: number; failed: number; sent: number };
  webhooks: { unprocessed: number; failing: number };
};

export async function readJobQueues(db: Db, now: Date): Promise<JobQueues> {
  const [orderExpiry, mail, webhooks] = await Promise.all([
    ordersAwaitingExpiry(db, now),
    mailQueueOf(db, now),
    webhookQueueOf(db),
  ]);
  return { orderExpiry, mail, webhooks };
}

/** Store-wide order and payment totals for /metrics. */
export async function readOrderTotals(db: Db) {
  const [orders, paymentFailures] = await Promise.all([orderTotals(db), failedPaymentCount(db)]);
  return { ...orders, paymentFailures };
}
