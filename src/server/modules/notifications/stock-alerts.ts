// Decision 0071: "Notify me when it's back". A signed-in shopper with a verified mobile asks on a
// sold-out product's page; the ask is a consent in the ledger (purpose stock_alert, that channel),
// and one message goes through the outbox when the product can be bought again. One alert per
// shopper and product: asking again while it waits changes nothing, so a restock tells them once.
import { and, eq, isNull } from 'drizzle-orm';
import type { StockAlert } from '../../../shared/api/notifications';
import type { MessageChannel } from '../../../shared/notifications';
import { productPath } from '../../../shared/slug';
import type { Db, Queryable } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { contactOf } from '../auth';
import { availabilityOf, productBuyable, productNamesOf } from '../catalog';
import { consentGiven, recordConsent } from './consents';
import { withoutOptOuts } from './notices';
import { notificationOutbox, stockAlerts } from './tables';

export const STOCK_ALERT_MESSAGES = {
  productGone: 'That product is no longer available',
  inStock: 'It is in stock now: add it to your cart',
  mobileNeeded: 'Sign in with your mobile number first, so we can message you when it is back',
} as const;

type Row = typeof stockAlerts.$inferSelect;

const toAlert = (row: Row): StockAlert => ({
  productId: row.productId,
  channel: row.channel,
  requestedAt: row.requestedAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export async function stockAlertOf(runner: Queryable, userId: number, productId: number) {
  const [row] = await runner
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)));
  return row ? toAlert(row) : null;
}

/**
 * The shopper's ask, with its consent written to the ledger in the same transaction. A product
 * that can be bought now, or is gone, is refused (409, 404); so is an account without a verified
 * mobile (409). An ask already waiting is answered as it stands. One already sent is armed again:
 * a new tap is a new, specific consent for one more message.
 */
export async function requestStockAlert(
  db: Db,
  request: { userId: number; productId: number; channel: MessageChannel; at: Date },
): Promise<StockAlert> {
  return db.transaction(async (tx) => {
    const product = await availabilityOf(tx, request.productId);
    if (!product || product.archived) throw notFound(STOCK_ALERT_MESSAGES.productGone);
    if (product.buyable) throw conflict(STOCK_ALERT_MESSAGES.inStock);
    const account = await contactOf(tx, request.userId);
    if (!account?.verified || !account.phone) throw conflict(STOCK_ALERT_MESSAGES.mobileNeeded);

    const waiting = await stockAlertOf(tx, request.userId, request.productId);
    if (waiting && waiting.sentAt === null && waiting.channel === request.channel) return waiting;
    await recordConsent(tx, {
      userId: request.userId,
      purpose: 'stock_alert',
      channel: request.channel,
      given: true,
      via: 'form',
      at: request.at,
    });
    const [row] = await tx
      .insert(stockAlerts)
      .values({ ...request, requestedAt: request.at })
      .onConflictDoUpdate({
        target: [stockAlerts.userId, stockAlerts.productId],
        set: { channel: request.channel, requestedAt: request.at, sentAt: null },
      })
      .returning();
    return toAlert(row as Row);
  });
}

/** Withdrawn as easily as given (DPDP s.6(4)): the ask is gone and the ledger says so. */
export async function cancelStockAlert(db: Db, userId: number, productId: number, at: Date) {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(stockAlerts)
      .where(
        and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId), isNull(stockAlerts.sentAt)),
      )
      .returning();
    if (!removed) return;
    await recordConsent(tx, {
      userId,
      purpose: 'stock_alert',
      channel: removed.channel,
      given: false,
      via: 'form',
      at,
    });
  });
}

/**
 * Queues the message of every waiting alert whose product can be bought again, and marks each
 * sent in the same transaction: a product that sells out and comes back again tells no one twice.
 * Rows are claimed with SKIP LOCKED, so two instances never queue one twice. A shopper who has
 * withdrawn the consent since, or whose number stopped messages, gets nothing.
 */
export async function queueStockAlerts(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(stockAlerts)
      .where(and(isNull(stockAlerts.sentAt), productBuyable(stockAlerts.productId)))
      .limit(200)
      .for('update', { skipLocked: true });
    const names = await productNamesOf(tx, [...new Set(due.map((alert) => alert.productId))]);
    let queued = 0;
    for (const alert of due) {
      await tx.update(stockAlerts).set({ sentAt: at }).where(eq(stockAlerts.id, alert.id));
      // The account's mobile is set only once a code sent to it came back (decision 0054).
      const phone = (await contactOf(tx, alert.userId))?.phone;
      const name = names.get(alert.productId) ?? '';
      if (!phone || !(await consentGiven(tx, alert.userId, 'stock_alert', alert.channel))) continue;
      const recipient = { channel: alert.channel, to: phone, audience: 'shopper' as const };
      if ((await withoutOptOuts(tx, [recipient])).length === 0) continue;
      await tx
        .insert(notificationOutbox)
        .values({
          dedupeKey: `stock-alert:${alert.id}:${alert.requestedAt.getTime()}:${alert.channel}`,
          orderId: null,
          notice: 'back_in_stock',
          channel: alert.channel,
          recipient: phone,
          audience: 'shopper',
          details: {
            productId: alert.productId,
            productName: name,
            path: productPath({ id: alert.productId, name }),
          },
          nextAttemptAt: at,
          createdAt: at,
        })
        .onConflictDoNothing({ target: notificationOutbox.dedupeKey });
      queued++;
    }
    return queued;
  });
}
