import { count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders } from './tables';

/** A customer's latest orders, newest first, and how many they placed in all (the back office's customer page). */
export async function latestOrdersOf(runner: Queryable, userId: number, limit: number) {
  const [latest, [all]] = await Promise.all([
    runner
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        createdAt: orders.createdAt,
        totalPaise: orders.totalPaise,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(limit),
    runner.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { latest, total: all?.total ?? 0 };
}
