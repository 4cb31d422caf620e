import { and, asc, count, eq, lte } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '../../../shared/api/admin';
import type { Queryable } from '../../db/client';
import { products } from './tables';

// The dashboard's low stock (decision 0094: the catalogue gives it): products on sale with
// LOW_STOCK_THRESHOLD units or fewer.
const lowStockWhere = () => and(eq(products.archived, false), lte(products.stock, LOW_STOCK_THRESHOLD));

/** The products lowest in stock first, at most `limit` of them. */
export function lowStockProducts(runner: Queryable, limit: number) {
  return runner
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(lowStockWhere())
    .orderBy(asc(products.stock), asc(products.id))
    .limit(limit);
}

/** How many products are low in stock. */
export async function lowStockCount(runner: Queryable): Promise<number> {
  const [row] = await runner.select({ total: count() }).from(products).where(lowStockWhere());
  return row?.total ?? 0;
}
