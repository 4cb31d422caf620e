import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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
