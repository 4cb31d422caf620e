import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/client';
import { addressEdits } from './tables';

/** Decision 0085: a change of address held until its difference is paid. */
export type HeldAddressChange = typeof addressEdits.$inferSelect;

/** The changes of address of these orders still waiting for their difference (one an order at most). */
export function heldAddressChangesOf(db: Db | Tx, orderIds: readonly string[]): Promise<HeldAddressChange[]> {
  return db
    .select()
    .from(addressEdits)
    .where(and(inArray(addressEdits.orderId, [...orderIds]), eq(addressEdits.state, 'awaiting_payment')));
}

/** The change of address with this id; null when there is none. */
export async function heldChangeById(runner: Queryable, editId: number): Promise<HeldAddressChange | null> {
  const [edit] = await runner.select().from(addressEdits).where(eq(addressEdits.id, editId));
  return edit ?? null;
}

/** The change of address whose difference is paid through this provider order; null when none. */
export async function heldChangeOfProviderOrder(
  runner: Queryable,
  provider: string,
  providerOrderId: string,
): Promise<HeldAddressChange | null> {
  const [edit] = await runner
    .select()
    .from(addressEdits)
    .where(and(eq(addressEdits.provider, provider), eq(addressEdits.providerOrderId, providerOrderId)))
    .limit(1);
  return edit ?? null;
}
