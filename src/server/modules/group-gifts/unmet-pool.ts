import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { groupGifts } from './tables';

/**
 * Decision 0084: the condition that the order `orderId` names is a group gift's whose total is not
 * met (still collecting, or refunded): the pool's page shows it, not its organiser's My Orders.
 */
export const unmetPoolOrder = (orderId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${groupGifts} where ${groupGifts.orderId} = ${orderId} and ${groupGifts.state} <> 'met')`;
