import { count, desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AdminNotifications,
  CheckoutCartLine,
  OptOutAnswer,
  StockAlertAnswer,
  StockAlertRequest,
} from '../../../shared/api/notifications';
import type { AccountConsents, AnalyticsChange, ConsentChange } from '../../../shared/consents';
import { isStopReply, type MessageChannel } from '../../../shared/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { invalid } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import type { Messenger } from '../messaging';
import { createCartReminders } from './cart-reminders';
import { accountConsents, analyticsConsent, changeAnalyticsConsent, changeConsent } from './consents';
import { createNotificationWorker } from './notification-worker';
import { maskedAddress, stopMessages, stopPayload } from './opt-outs';
import type { OrderFacts } from './order-facts';
import { createLinkSigner } from './signed-links';
import { cancelStockAlert, queueStockAlerts, requestStockAlert, stockAlertOf } from './stock-alerts';
import { notificationOutbox } from './tables';

const PAGE_SIZE = 50;
export const LINK_NOT_VALID = 'This link is not valid. Please use the link from your latest message.';

/**
 * Order news on WhatsApp and SMS (the worker), opt-outs by reply and by link, carts that
 * come back, and the back office's view of the outbox. `messenger` is the messaging module's.
 */
export function createNotificationService({
  db,
  clock,
  store,
  messenger,
  log,
  orders,
}: {
  db: Db;
  clock: Clock;
  store: StoreIdentity;
  messenger: Messenger;
  log: FastifyBaseLogger;
  /** What it reads of orders, from orders' entry (order-facts.ts). */
  orders: OrderFacts;
}) {
  const signer = createLinkSigner(db);
  const worker = createNotificationWorker({ db, clock, messenger, signer, store, log, orders });
  const cartReminders = createCartReminders({ db, clock, signer, store, log, orders });

  messenger.onStatus((providerMessageId, status) => worker.recordStatus(providerMessageId, status));
  // A reply of STOP ends that channel for that number (the providers' and DLT's opt-out word), and
  // every message channel for a gift's recipient (decision 0081).
  messenger.onInbound(async (from: string, channel: MessageChannel, text: string) => {
    if (isStopReply(text)) await stopMessages(db, channel, from, 'reply', clock.now());
  });

  async function stopOf(token: string) {
    const stop = stopPayload(await signer.verify(token));
    if (!stop) throw invalid(LINK_NOT_VALID, [{ path: 'token', message: LINK_NOT_VALID }]);
    return stop;
  }

  /** Decision 0062: the account page's consents, each with its state; 0075: analytics too. */
  async function consentsOf(userId: number): Promise<AccountConsents> {
    return {
      consents: await accountConsents(db, userId, store.storeName),
      analytics: await analyticsConsent(db, userId, store.storeName),
    };
  }

  return {
    sendDue: worker.sendDue,
    sendCartReminders: cartReminders.sendDue,
    cartReminderFigures: cartReminders.figures,
    recordCheckoutCart: (userId: number, lines: CheckoutCartLine[]) =>
      cartReminders.recordCheckoutCart(userId, lines),

    /** Decision 0071: the shopper's "Notify me when it's back" on a product, if any. */
    stockAlertOf: async (userId: number, productId: number): Promise<StockAlertAnswer> => ({
      alert: await stockAlertOf(db, userId, productId),
    }),
    requestStockAlert: async (userId: number, request: StockAlertRequest): Promise<StockAlertAnswer> => ({
      alert: await requestStockAlert(db, { userId, ...request, at: clock.now() }),
    }),
    cancelStockAlert: async (userId: number, productId: number): Promise<StockAlertAnswer> => {
      await cancelStockAlert(db, userId, productId, clock.now());
      return { alert: await stockAlertOf(db, userId, productId) };
    },
    /** Queues the message of each waiting alert whose product is back (the background job's). */
    queueStockAlerts: () => queueStockAlerts(db, clock.now()),

    consentsOf,

    /** One tap on the account page gives or withdraws a consent, written to the ledger. */
    async changeConsent(userId: number, change: ConsentChange): Promise<AccountConsents> {
      await db.transaction((tx) => changeConsent(tx, userId, change, 'settings', clock.now()));
      return consentsOf(userId);
    },

    /** Decision 0075: a signed-in shopper's analytics answer, from the banner or a switch. */
    async changeAnalytics(userId: number, change: AnalyticsChange): Promise<AccountConsents> {
      await changeAnalyticsConsent(db, userId, change, clock.now());
      return consentsOf(userId);
    },

    /** What an opt-out link would stop (the page shows it before the shopper confirms). */
    async describeOptOut(token: string): Promise<OptOutAnswer> {
      const stop = await stopOf(token);
      return { channel: stop.channel, address: maskedAddress(stop.channel, stop.address), stopped: false };
    },

    async optOutByLink(token: string): Promise<OptOutAnswer> {
      const stop = await stopOf(token);
      await stopMessages(db, stop.channel, stop.address, 'link', clock.now());
      return { channel: stop.channel, address: maskedAddress(stop.channel, stop.address), stopped: true };
    },

    /** A reminder link's cart, as it can be bought now, on any device. */
    async restoreCart(token: string) {
      const payload = await signer.verify(token);
      // Links sent before reminders had ids of their own name the checkout's order.
      const link =
        payload?.kind !== 'cart'
          ? null
          : typeof payload.reminderId === 'number'
            ? { reminderId: payload.reminderId }
            : typeof payload.orderId === 'string'
              ? { orderId: payload.orderId }
              : null;
      const reminder = link ? await cartReminders.reminderOf(link) : null;
      if (!reminder) throw invalid(LINK_NOT_VALID, [{ path: 'token', message: LINK_NOT_VALID }]);
      return cartReminders.restore(reminder);
    },

    async list(page: number): Promise<AdminNotifications> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notificationOutbox)
          .orderBy(desc(notificationOutbox.id))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ value: count() }).from(notificationOutbox),
      ]);
      const numbers = await orders.numbersOf([
        ...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : []))),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          orderNumber: (row.orderId && numbers.get(row.orderId)) || null,
          notice: row.notice,
          channel: row.channel,
          recipient: row.recipient,
          audience: row.audience,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          text: row.text,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        total: total?.value ?? 0,
        page,
        pageSize: PAGE_SIZE,
      };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
