import { and, desc, eq, lte } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/india-time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { providerNetPaiseOf, providerPaymentsSince } from '../money-ledger';
import { orderNumbersOf } from '../orders';
import type { PaymentProvider } from '../payment-providers';
import { moneyChecks, scheduledRuns } from './tables';

// Orders paid in this window are checked; older ones have settled and were checked before.
const CHECK_DAYS = 35;
// Every payment of the window is checked, read this many at a time so memory and each query
// stay small however busy the month was.
const PAGE_SIZE = 500;
const RUN_NAME = 'money-check';
// A check that failed (the provider down) is tried again after this, not at the next look.
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** How often each instance looks whether the daily check is due (the claim makes one run it). */
export const MONEY_CHECK_LOOK_EVERY_MS = 10 * 60 * 1000;

export type MoneyCheck = ReturnType<typeof createMoneyCheck>;

/**
 * The daily comparison of each order's net in the money ledger (payments captured
 * through the provider less refunds) with the provider's own record of those payments (captured
 * less refunded). Every run is kept with the orders that differ, for the owner's dashboard. An order
 * the provider keeps no record of (the sandbox keeps no payments) is left out.
 */
export function createMoneyCheck({
  db,
  clock,
  provider,
  pageSize = PAGE_SIZE,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Rows read at a time; tests make it small to cross pages with a few orders. */
  pageSize?: number;
}) {
  /**
   * Every provider payment of the window, by order, read a page at a time by id. A gift batch's
   * orders share one payment (decision 0090): they are checked together, as one, under the batch.
   */
  async function paymentsOfWindow(since: Date) {
    const byOrder = new Map<
      string,
      { orderId: string; orderNumber: string; orderIds: Set<string>; paymentIds: Set<string> }
    >();
    let afterId = 0;
    for (;;) {
      const page = await providerPaymentsSince(db, {
        provider: provider.name,
        since,
        afterId,
        limit: pageSize,
      });
      const numbers = await orderNumbersOf(
        db,
        page.map((row) => row.orderId),
      );
      for (const row of page) {
        const key = row.giftBatchId ?? row.orderId;
        const order = byOrder.get(key) ?? {
          orderId: row.orderId,
          orderNumber: numbers.get(row.orderId) ?? '',
          orderIds: new Set<string>(),
          paymentIds: new Set<string>(),
        };
        order.orderIds.add(row.orderId);
        if (row.providerPaymentId) order.paymentIds.add(row.providerPaymentId);
        byOrder.set(key, order);
      }
      if (page.length < pageSize) return byOrder;
      afterId = page[page.length - 1]?.id ?? afterId;
    }
  }

  /** What the ledger says went through the provider for these orders, a page of orders at a time. */
  async function ledgerPaiseOf(orderIds: string[]) {
    const paise = new Map<string, number>();
    for (let start = 0; start < orderIds.length; start += pageSize) {
      for (const [orderId, net] of await providerNetPaiseOf(db, orderIds.slice(start, start + pageSize)))
        paise.set(orderId, net);
    }
    return paise;
  }

  async function checkLedger(): Promise<{ ordersChecked: number; differences: number }> {
    const since = new Date(clock.now().getTime() - CHECK_DAYS * DAY_MS);
    const byOrder = await paymentsOfWindow(since);
    const ledgerPaise = await ledgerPaiseOf([...byOrder.values()].flatMap((order) => [...order.orderIds]));
    let ordersChecked = 0;
    const differences = [];
    for (const order of byOrder.values()) {
      let providerPaise = 0;
      let known = true;
      for (const paymentId of order.paymentIds) {
        const record = await provider.fetchPayment(paymentId);
        if (!record || record.refundedPaise === undefined) {
          known = false;
          break;
        }
        providerPaise += record.amountPaise - record.refundedPaise;
      }
      if (!known) continue;
      ordersChecked += order.orderIds.size;
      const inLedger = [...order.orderIds].reduce((sum, id) => sum + (ledgerPaise.get(id) ?? 0), 0);
      if (inLedger !== providerPaise) {
        differences.push({
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          ledgerPaise: inLedger,
          providerPaise,
        });
      }
    }
    await db.insert(moneyChecks).values({ checkedAt: clock.now(), ordersChecked, differences });
    return { ordersChecked, differences: differences.length };
  }

  /**
   * Takes today's run if it is due: none yet, or the last began a day or more ago. One upsert is
   * the claim, so of several instances looking at once exactly one gets it, and a restart does
   * not start the day over.
   */
  async function claimRun(now: Date): Promise<boolean> {
    const [claimed] = await db
      .insert(scheduledRuns)
      .values({ name: RUN_NAME, lastRunAt: now })
      .onConflictDoUpdate({
        target: scheduledRuns.name,
        set: { lastRunAt: now },
        setWhere: lte(scheduledRuns.lastRunAt, new Date(now.getTime() - DAY_MS)),
      })
      .returning({ name: scheduledRuns.name });
    return claimed !== undefined;
  }

  return {
    checkLedger,
    /**
     * The daily check, on whichever instance claims it first once a day has passed since the last;
     * answers null when it was not due. A failed check is tried again an hour later.
     */
    async checkLedgerIfDue(): Promise<{ ordersChecked: number; differences: number } | null> {
      const now = clock.now();
      if (!(await claimRun(now))) return null;
      try {
        return await checkLedger();
      } catch (error) {
        await db
          .update(scheduledRuns)
          .set({ lastRunAt: new Date(now.getTime() - DAY_MS + RETRY_AFTER_MS) })
          .where(and(eq(scheduledRuns.name, RUN_NAME), eq(scheduledRuns.lastRunAt, now)));
        throw error;
      }
    },
  };
}

/** The check's latest run (null before the first), which the dashboard shows. */
export async function readLatestMoneyCheck(db: Db) {
  const [latest] = await db.select().from(moneyChecks).orderBy(desc(moneyChecks.id)).limit(1);
  return latest ?? null;
}
