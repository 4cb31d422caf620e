import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { returnRequests } from './tables';

/** The dashboard's returns to decide: requests the owner has neither approved nor refused. */
export async function returnsToDecide(runner: Queryable): Promise<number> {
  const [row] = await runner
    .select({ total: count() })
    .from(returnRequests)
    .where(eq(returnRequests.status, 'requested'));
  return row?.total ?? 0;
}
