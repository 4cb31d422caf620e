import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses } from './tables';

// Decision 0063: a shopper's saved addresses, for their export and their erasure (account module).

export async function addressesOf(db: Db, userId: number) {
  return db.select().from(addresses).where(eq(addresses.userId, userId));
}

export async function eraseAddressesOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
}
