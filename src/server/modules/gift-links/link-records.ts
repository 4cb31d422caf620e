import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { giftLinks, giftThanks } from './tables';

// What an order's record shows of its gift link (decisions 0081, 0094).

/** The gift links of these orders (one an order at most), by order id. */
export async function giftLinksOf(runner: Queryable, orderIds: readonly string[]) {
  const links =
    orderIds.length === 0
      ? []
      : await runner
          .select()
          .from(giftLinks)
          .where(inArray(giftLinks.orderId, [...orderIds]));
  return new Map(links.map((link) => [link.orderId, link]));
}

/** The recipients' thank-you notes of these orders (one an order at most), by order id. */
export async function giftThanksOf(runner: Queryable, orderIds: readonly string[]) {
  const thanks =
    orderIds.length === 0
      ? []
      : await runner
          .select({
            orderId: giftThanks.orderId,
            note: giftThanks.note,
            at: giftThanks.createdAt,
            photoContentType: giftThanks.photoContentType,
          })
          .from(giftThanks)
          .where(inArray(giftThanks.orderId, [...orderIds]));
  return new Map(thanks.map((row) => [row.orderId, row]));
}
