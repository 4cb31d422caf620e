import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/india-time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { moneyChecks, moneyLedger, orders, payments } from '../../db/schema';
import type { PaymentProvider } from '../payment-providers';

// Orders paid in this window are checked; older ones have settled and were checked before.
const CHECK_DAYS = 35;
const CHECK_LIMIT = 2000;

export type MoneyCheck = ReturnType<typeof createMoneyCheck>;

/**
 * Issue 26: the daily comparison of each order's net in the money ledger (payments captured
 * through the provider less refunds) with the provider's own record of those payments (captured
 * less refunded). Every run is kept with the orders that differ, for the owner's dashboard. An order
 * the provider keeps no record of (the sandbox keeps no payments) is left out.
 */
export function createMoneyCheck({
  db,
  clock,
  provider,
}: {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
}) {
  return {
    async checkLedger(): Promise<{ ordersChecked: number; differences: number }> {
      const since = new Date(clock.now().getTime() - CHECK_DAYS * DAY_MS);
      const paid = await db
        .select({
          orderId: payments.orderId,
          orderNumber: orders.orderNumber,
          providerPaymentId: payments.providerPaymentId,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.provider, provider.name),
            inArray(payments.status, ['captured', 'refunded']),
            isNotNull(payments.providerPaymentId),
            gte(payments.createdAt, since),
          ),
        )
        .orderBy(payments.id)
        .limit(CHECK_LIMIT);
      const byOrder = new Map<string, { orderNumber: string; paymentIds: string[] }>();
      for (const row of paid) {
        const order = byOrder.get(row.orderId) ?? { orderNumber: row.orderNumber, paymentIds: [] };
        if (row.providerPaymentId) order.paymentIds.push(row.providerPaymentId);
        byOrder.set(row.orderId, order);
      }
      const ledger = byOrder.size
        ? await db
            .select({
              orderId: moneyLedger.orderId,
              // What moved through the provider: its captures less every refund (all go through it).
              paise: sql<string>`sum(case when ${moneyLedger.kind} = 'refunded' then -${moneyLedger.amountPaise} when ${moneyLedger.paymentId} is not null then ${moneyLedger.amountPaise} else 0 end)`,
            })
            .from(moneyLedger)
            .where(inArray(moneyLedger.orderId, [...byOrder.keys()]))
            .groupBy(moneyLedger.orderId)
        : [];
      const ledgerPaise = new Map(ledger.map((row) => [row.orderId, Number(row.paise)]));

      let ordersChecked = 0;
      const differences = [];
      for (const [orderId, order] of byOrder) {
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
        ordersChecked++;
        const inLedger = ledgerPaise.get(orderId) ?? 0;
        if (inLedger !== providerPaise) {
          differences.push({ orderId, orderNumber: order.orderNumber, ledgerPaise: inLedger, providerPaise });
        }
      }
      await db.insert(moneyChecks).values({ checkedAt: clock.now(), ordersChecked, differences });
      return { ordersChecked, differences: differences.length };
    },
  };
}
