import { and, asc, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminDashboard,
  type AdminOutbox,
  LOW_STOCK_THRESHOLD,
} from '../../../shared/api/admin';
import { DAY_MS, indiaDateOf, indiaDayStart } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { mailOutbox, moneyChecks, moneyLedger, orders, products } from '../../db/schema';

const SERIES_DAYS = 14;
const LOW_STOCK_LIMIT = 50;

export type AdminReportService = ReturnType<typeof createAdminReportService>;

export function createAdminReportService({
  db,
  clock,
  cartReminderFigures,
}: {
  db: Db;
  clock: Clock;
  /** Issue 23: cart reminders sent in the last 30 days and the carts paid for after them. */
  cartReminderFigures: () => Promise<{ sent: number; recovered: number }>;
}) {
  return {
    /** Figures by India-time day of payment (or of the order, for one marked paid without a time). */
    async dashboard(): Promise<AdminDashboard> {
      const now = clock.now();
      const today = indiaDateOf(now);
      const todayStart = indiaDayStart(today);
      const monthStart = indiaDayStart(`${today.slice(0, 8)}01`);
      const seriesStart = new Date(todayStart.getTime() - (SERIES_DAYS - 1) * DAY_MS);
      const earliest = seriesStart < monthStart ? seriesStart : monthStart;
      const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
      const day = sql<string>`to_char((${paidAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

      // Issue 26: each order's net from the money ledger (taken less given back), so a partial
      // refund lowers revenue by exactly its amount; a cancelled order's money is going back.
      const orderNet = db
        .select({
          day: day.as('day'),
          paise:
            sql<string>`sum(case when ${moneyLedger.kind} = 'refunded' then -${moneyLedger.amountPaise} else ${moneyLedger.amountPaise} end)`.as(
              'paise',
            ),
        })
        .from(moneyLedger)
        .innerJoin(orders, eq(orders.id, moneyLedger.orderId))
        .where(and(ne(orders.status, 'cancelled'), gte(paidAt, earliest)))
        .groupBy(orders.id)
        .as('order_net');
      const [byDay, [pending], lowStock, [moneyCheck], cartReminders] = await Promise.all([
        db
          .select({
            day: orderNet.day,
            orders: count(),
            revenuePaise: sql<string>`coalesce(sum(${orderNet.paise}), 0)::bigint`,
          })
          .from(orderNet)
          .where(sql`${orderNet.paise} > 0`)
          .groupBy(orderNet.day),
        db.select({ total: count() }).from(orders).where(eq(orders.status, 'pending')),
        db
          .select({ id: products.id, name: products.name, stock: products.stock })
          .from(products)
          .where(and(eq(products.archived, false), lte(products.stock, LOW_STOCK_THRESHOLD)))
          .orderBy(asc(products.stock), asc(products.id))
          .limit(LOW_STOCK_LIMIT),
        db.select().from(moneyChecks).orderBy(desc(moneyChecks.id)).limit(1),
        cartReminderFigures(),
      ]);
      const figures = new Map(
        byDay.map((row) => [row.day, { orders: row.orders, paise: Number(row.revenuePaise) }]),
      );
      const monthKey = today.slice(0, 7);
      let monthOrders = 0;
      let monthPaise = 0;
      for (const [key, value] of figures) {
        if (key.startsWith(monthKey) && key <= today) {
          monthOrders += value.orders;
          monthPaise += value.paise;
        }
      }
      const revenueSeries = Array.from({ length: SERIES_DAYS }, (_, index) => {
        const date = indiaDateOf(new Date(seriesStart.getTime() + index * DAY_MS));
        const value = figures.get(date);
        return { date, orders: value?.orders ?? 0, revenue: toRupees(value?.paise ?? 0) };
      });
      const todays = figures.get(today);
      return {
        today: { orders: todays?.orders ?? 0, revenue: toRupees(todays?.paise ?? 0) },
        month: { orders: monthOrders, revenue: toRupees(monthPaise) },
        pendingPayments: pending?.total ?? 0,
        lowStock,
        revenueSeries,
        moneyCheck: moneyCheck
          ? {
              checkedAt: moneyCheck.checkedAt.toISOString(),
              ordersChecked: moneyCheck.ordersChecked,
              differences: moneyCheck.differences.map((difference) => ({
                orderId: difference.orderId,
                orderNumber: difference.orderNumber,
                ledger: toRupees(difference.ledgerPaise),
                provider: toRupees(difference.providerPaise),
              })),
            }
          : null,
        cartReminders,
      };
    },

    async outbox(page: number): Promise<AdminOutbox> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(mailOutbox),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          subject: row.subject,
          text: row.text,
          kind: row.kind,
          status: row.status,
          attempts: row.attempts,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          lastError: row.lastError,
        })),
        total: total?.total ?? 0,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
}
