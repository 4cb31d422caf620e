import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { returnItems, returnPhotos, returnRequests } from './tables';

// Decision 0063: a shopper's returns, for their export and their erasure (account module).

/** The shopper's return requests, and the lines of each. */
export async function returnsOf(db: Db, userId: number) {
  const requests = await db.select().from(returnRequests).where(eq(returnRequests.userId, userId));
  const returnIds = requests.map((request) => request.id);
  const lines =
    returnIds.length > 0
      ? await db
          .select({
            returnId: returnItems.returnId,
            orderItemId: returnItems.orderItemId,
            quantity: returnItems.quantity,
          })
          .from(returnItems)
          .where(inArray(returnItems.returnId, returnIds))
      : [];
  return { requests, lines };
}

/** The photos of the shopper's returns go; the requests stay with the orders tax law keeps. */
export async function eraseReturnPhotosOf(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(returnPhotos)
    .where(
      inArray(
        returnPhotos.returnId,
        tx.select({ id: returnRequests.id }).from(returnRequests).where(eq(returnRequests.userId, userId)),
      ),
    );
}
