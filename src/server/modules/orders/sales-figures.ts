import { and, asc, count, eq, gte, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client';
import { ORDER_EXPIRED_NOTE } from './order-service';
import { orderEvents, orderItems, orders } from './tables';

// The orders' figures the back office's reports and dashboard show (decision 0094: the owner of the
// facts gives the query). Paise as the database sums them: a string of a bigint.

const indiaDay = (instant: unknown) =>
  sql<string>`to_char((${instant} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/**
 * The orders paid from `start` until before `end`, by India day of payment: how many, their units,
 * their charges (decision 0072) and their totals.
 */
export async function paidOrdersByDay(runner: Queryable, start: Date, end: Date) {
  const perOrder = runner
    .select({
      day: indiaDay(orders.paidAt).as('day'),
      totalPaise: orders.totalPaise,
      units:
        sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = "orders"."id")`.as(
          'units',
        ),
      chargesPaise:
        sql<number>`(select coalesce(sum(oc.amount_paise), 0) from order_charges oc where oc.order_id = "orders"."id")`.as(
          'charges_paise',
        ),
    })
    .from(orders)
    .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .as('per_order');
  return runner
    .select({
      day: perOrder.day,
      orders: sql<number>`count(*)::int`,
      units: sql<string>`sum(${perOrder.units})`,
      chargesPaise: sql<string>`sum(${perOrder.chargesPaise})`,
      totalPaise: sql<string>`sum(${perOrder.totalPaise})`,
    })
    .from(perOrder)
    .groupBy(perOrder.day);
}

/**
 * The products that sold the most units paid for since `since` (orders not cancelled), units kept
 * (less those returned) and what was paid for them, at each line's price after its coupon share.
 */
export async function bestSellersSince(runner: Queryable, since: Date, limit: number) {
  const unitsKept = sql`${orderItems.quantity} - ${orderItems.returnedQuantity}`;
  return runner
    .select({
      id: orderItems.productId,
      name: sql<string>`min(${orderItems.name})`,
      units: sql<number>`sum(${unitsKept})::int`,
      paise: sql<string>`sum(floor((${orderItems.pricePaise} * ${orderItems.quantity} - ${orderItems.discountPaise}) * (${unitsKept})::numeric / ${orderItems.quantity}))`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(gte(orders.paidAt, since), ne(orders.status, 'cancelled')))
    .groupBy(orderItems.productId)
    .having(sql`sum(${unitsKept}) > 0`)
    .orderBy(sql`sum(${unitsKept}) desc`, asc(orderItems.productId))
    .limit(limit);
}

/** How many orders wait for their payment. */
export async function ordersAwaitingPayment(runner: Queryable): Promise<number> {
  const [row] = await runner.select({ total: count() }).from(orders).where(eq(orders.status, 'pending'));
  return row?.total ?? 0;
}

/** The orders waiting for payment, and those of them past their time (the expiry job's queue). */
export async function ordersAwaitingExpiry(runner: Queryable, now: Date) {
  const [row] = await runner
    .select({
      pending: count(),
      overdue: sql<number>`count(*) filter (where ${orders.expiresAt} <= ${now.toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(eq(orders.status, 'pending'));
  return { pending: row?.pending ?? 0, overdue: row?.overdue ?? 0 };
}

/** Store-wide, for /metrics: the orders made, those paid, and those cancelled unpaid in time. */
export async function orderTotals(runner: Queryable) {
  const [row] = rowsOf<{ created: string; paid: string; expired: string }>(
    await runner.execute(sql`
      select (select count(*) from ${orders}) as created,
             (select count(*) from ${orders} where ${orders.paidAt} is not null) as paid,
             (select count(*) from ${orderEvents}
               where ${orderEvents.status} = 'cancelled' and ${orderEvents.note} = ${ORDER_EXPIRED_NOTE}) as expired`),
  );
  return {
    created: Number(row?.created ?? 0),
    paid: Number(row?.paid ?? 0),
    expired: Number(row?.expired ?? 0),
  };
}

/** Cash on delivery still to collect: the totals of the open COD orders not yet paid. */
export async function codToCollectPaise(runner: Queryable): Promise<number> {
  const [row] = await runner
    .select({ paise: sql<string>`coalesce(sum(${orders.totalPaise}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'cod'),
        isNull(orders.paidAt),
        notInArray(orders.status, ['cancelled', 'returned']),
      ),
    );
  return Number(row?.paise ?? 0);
}
