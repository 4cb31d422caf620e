import { and, count, gte, isNull, ne, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminDashboard,
  type AdminOutbox,
  TOP_PRODUCT_DAYS,
} from '../../../shared/api/admin';
import { DAY_MS, indiaDateOf, indiaDayStart } from '../../../shared/india-time';
import { toRupees } from '../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ordersToShipToday } from '../admin';
import { enquiriesToAnswer } from '../bulk-enquiries';
import { lowStockCount, lowStockProducts } from '../catalog';
import { outboxPage } from '../mail';
import { bestSellersSince, codToCollectPaise, ordersAwaitingPayment } from '../orders';
import { readLatestMoneyCheck } from '../payments';
import { returnsToDecide } from '../returns';
import { reportMoneyLines, reportShipments } from './tables';

const SERIES_DAYS = 14;
const LOW_STOCK_LIMIT = 50;
const TOP_PRODUCTS = 5;
/** Paid and on their way to being shipped. */

/** Decision 0042: the dashboard's cash on delivery and returns-to-origin figures look this far back. */
export const COURIER_FIGURE_DAYS = 30;

/**
 * Cash on delivery still to collect (open COD orders), and the share of shipments booked since
 * `since` that came back to the store (RTO), in percent (null before any shipment). The cash the
 * courier holds and remitted comes from its remittance reports (decision 0067).
 */
async function courierFigures(db: Db, since: Date) {
  const [codPaise, [shipped]] = await Promise.all([
    codToCollectPaise(db),
    db
      .select({
        total: count(),
        returned: sql<number>`count(*) filter (where ${reportShipments.status} in ('rto_initiated', 'rto_delivered'))::int`,
      })
      .from(reportShipments)
      .where(and(isNull(reportShipments.cancelledAt), gte(reportShipments.createdAt, since))),
  ]);
  const total = shipped?.total ?? 0;
  return {
    codToCollect: toRupees(codPaise),
    rtoRate: total === 0 ? null : Math.round((Number(shipped?.returned ?? 0) * 1000) / total) / 10,
  };
}

export type AdminReportService = ReturnType<typeof createAdminReportService>;

export function createAdminReportService({
  db,
  clock,
  cartReminderFigures,
  codCashFigures,
}: {
  db: Db;
  clock: Clock;
  /** Decision 0067: cash the courier holds and what it remitted since a moment (the remittance import's). */
  codCashFigures: (
    since: Date,
  ) => Promise<{ codWithCourier: number; codOverdue: number; codRemitted: number }>;
  /** Cart reminders sent in the last 30 days and the carts paid for after them. */
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
      const paidAt = sql`coalesce(${reportMoneyLines.orderPaidAt}, ${reportMoneyLines.orderCreatedAt})`;
      const day = sql<string>`to_char((${paidAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

      // Each order's net from the money ledger (taken less given back), so a partial
      // refund lowers revenue by exactly its amount; a cancelled order's money is going back.
      const orderNet = db
        .select({
          day: day.as('day'),
          paise:
            sql<string>`sum(case when ${reportMoneyLines.kind} = 'refunded' then -${reportMoneyLines.amountPaise} else ${reportMoneyLines.amountPaise} end)`.as(
              'paise',
            ),
        })
        .from(reportMoneyLines)
        .where(and(ne(reportMoneyLines.orderStatus, 'cancelled'), gte(paidAt, earliest)))
        .groupBy(reportMoneyLines.orderId, day)
        .as('order_net');
      const topStart = new Date(todayStart.getTime() - (TOP_PRODUCT_DAYS - 1) * DAY_MS);
      const courierSince = new Date(todayStart.getTime() - (COURIER_FIGURE_DAYS - 1) * DAY_MS);
      const [byDay, pending, lowStock, moneyCheck, work, topProducts, cartReminders, courier] =
        await Promise.all([
          db
            .select({
              day: orderNet.day,
              orders: count(),
              revenuePaise: sql<string>`coalesce(sum(${orderNet.paise}), 0)::bigint`,
            })
            .from(orderNet)
            .where(sql`${orderNet.paise} > 0`)
            .groupBy(orderNet.day),
          ordersAwaitingPayment(db),
          lowStockProducts(db, LOW_STOCK_LIMIT),
          readLatestMoneyCheck(db),
          Promise.all([
            ordersToShipToday(db, today),
            returnsToDecide(db),
            enquiriesToAnswer(db),
            lowStockCount(db),
          ]),
          // Units kept (less those returned) and what was paid for them.
          bestSellersSince(db, topStart, TOP_PRODUCTS),
          cartReminderFigures(),
          courierFigures(db, courierSince),
        ]);
      const cash = await codCashFigures(courierSince);
      const [toShip, returnsWaiting, enquiriesWaiting, lowStockTotal] = work;
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
        showsMoney: true,
        today: { orders: todays?.orders ?? 0, revenue: toRupees(todays?.paise ?? 0) },
        month: { orders: monthOrders, revenue: toRupees(monthPaise) },
        pendingPayments: pending,
        lowStock,
        work: {
          toShip,
          returnsToDecide: returnsWaiting,
          enquiriesToAnswer: enquiriesWaiting,
          lowStock: lowStockTotal,
          ...courier,
          ...cash,
        },
        topProducts: topProducts.map((row) => ({
          id: row.id,
          name: row.name,
          units: Number(row.units),
          revenue: toRupees(Number(row.paise)),
        })),
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
      const { rows, total } = await outboxPage(db, page, ADMIN_PAGE_SIZE);
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
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
}

/**
 * Decision 0076: the dashboard as a role without viewRevenue gets it: its counts of work,
 * without revenue, the cash on delivery to collect, with the courier or remitted, or the ledger's check.
 */
export const dashboardWithoutMoney = (dashboard: AdminDashboard): AdminDashboard => ({
  ...dashboard,
  showsMoney: false,
  today: { ...dashboard.today, revenue: null },
  month: { ...dashboard.month, revenue: null },
  work: { ...dashboard.work, codRemitted: null, codWithCourier: null, codToCollect: null },
  topProducts: dashboard.topProducts.map((product) => ({ ...product, revenue: null })),
  revenueSeries: [],
  moneyCheck: null,
});
