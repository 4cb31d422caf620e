import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { giftThanks } from './tables';

/**
 * Decision 0063: erasing a sender's account. A gift's recipient wrote their thanks for this sender
 * alone (decision 0081), so it goes with the sender's orders' personal data.
 */
export async function eraseGiftThanksFor(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.delete(giftThanks).where(inArray(giftThanks.orderId, orderIds));
}
