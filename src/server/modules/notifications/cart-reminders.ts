import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RestoredLine } from '../../../shared/api/notifications';
import { toRupees } from '../../../shared/money';
import {
  CART_REMINDER_AFTER_MS,
  CART_REMINDER_GAP_MS,
  type NotifyConsent,
} from '../../../shared/notifications';
import type { Clock } from '../../clock';
import { type Db, rowsOf } from '../../db/client';
import { cartReminders, categories, notificationOptOuts, orderItems, products } from '../../db/schema';
import type { StoreIdentity } from '../../store-identity';
import { cartReminderMail, enqueueMail } from '../mail';
import { cartRestoreLink, optOutLink } from './message-text';
import { queueOrderNotice, shopperRecipients, withoutOptOuts } from './notices';
import { optOutToken, restoreToken } from './notification-worker';
import { addressKey } from './opt-outs';
import type { LinkSigner } from './signed-links';

export const CART_REMINDER_EVERY_MS = 5 * 60 * 1000;

type Candidate = {
  order_id: string;
  user_id: number;
  notify: NotifyConsent | null;
  /** Null for an account made by phone alone. */
  email: string | null;
  full_name: string;
};

/**
 * Issue 23: carts that come back. A signed-in shopper whose checkout (the order it made) is still
 * unpaid an hour later gets one reminder on a channel they agreed to: never two for one checkout
 * (cart_reminders.order_id is unique, the claim every instance respects), never more than one a
 * day, none once they paid any order since, none on a channel they stopped. Quotes are the owner's
 * offers, not carts, and a checkout the shopper (or the owner) cancelled was not forgotten: none.
 */
export function createCartReminders({
  db,
  clock,
  signer,
  store,
  log,
}: {
  db: Db;
  clock: Clock;
  signer: LinkSigner;
  store: StoreIdentity;
  log: FastifyBaseLogger;
}) {
  async function candidates(now: Date): Promise<Candidate[]> {
    const startedBefore = new Date(now.getTime() - CART_REMINDER_AFTER_MS).toISOString();
    const notOlderThan = new Date(now.getTime() - CART_REMINDER_GAP_MS).toISOString();
    const result = await db.execute(sql`
      select distinct on (o.user_id) o.id as order_id, o.user_id, o.notify, u.email, u.full_name
        from orders o
        join users u on u.id = o.user_id
       where o.paid_at is null
         and o.status in ('pending', 'cancelled')
         and o.created_at <= ${startedBefore}
         and o.created_at > ${notOlderThan}
         and o.notify is not null
         and not exists (select 1 from order_quotes q where q.order_id = o.id)
         and not exists (select 1 from order_events e
                          where e.order_id = o.id and e.status = 'cancelled' and e.actor <> 'system')
         and not exists (select 1 from orders paid
                          where paid.user_id = o.user_id and paid.paid_at is not null
                            and paid.created_at >= o.created_at)
         and not exists (select 1 from cart_reminders r where r.order_id = o.id)
         and not exists (select 1 from cart_reminders r
                          where r.user_id = o.user_id and r.sent_at > ${notOlderThan})
       order by o.user_id, o.created_at desc
       limit 50`);
    return rowsOf<Candidate>(result);
  }

  /** Reminds one shopper of one checkout; false when there was nothing to send or another claimed it. */
  async function remind(candidate: Candidate, now: Date): Promise<boolean> {
    const messengers = await withoutOptOuts(db, shopperRecipients(candidate.notify));
    // An account made by phone alone has no e-mail address: its e-mail tick reaches nobody.
    const email = candidate.notify?.email && candidate.email ? addressKey('email', candidate.email) : null;
    const [emailStopped] = email
      ? await db
          .select({ id: notificationOptOuts.id })
          .from(notificationOptOuts)
          .where(and(eq(notificationOptOuts.channel, 'email'), eq(notificationOptOuts.address, email)))
      : [];
    const mailTo = email && !emailStopped ? candidate.email : null;
    const channels = [...messengers.map((recipient) => recipient.channel), ...(mailTo ? ['email'] : [])];
    if (channels.length === 0) return false;
    const restoreLink = cartRestoreLink(store, await restoreToken(signer, candidate.order_id));
    return db.transaction(async (tx) => {
      // The claim: a second instance (or a second run) finds the row and sends nothing.
      const [claimed] = await tx
        .insert(cartReminders)
        .values({ orderId: candidate.order_id, userId: candidate.user_id, channels, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: cartReminders.id });
      if (!claimed) return false;
      await queueOrderNotice(tx, {
        orderId: candidate.order_id,
        notice: 'cart_reminder',
        key: `cart-${candidate.order_id}`,
        at: now,
      });
      if (mailTo) {
        const stopLink = optOutLink(store, await optOutToken(signer, 'email', addressKey('email', mailTo)));
        const mail = cartReminderMail(
          {
            orderId: candidate.order_id,
            customerName: candidate.full_name,
            customerEmail: mailTo,
            restoreLink,
            optOutLink: stopLink,
          },
          store,
        );
        await enqueueMail(tx, mail, now);
      }
      return true;
    });
  }

  return {
    /** Runs on every instance (exclusively across them); sends each due reminder once. */
    async sendDue(): Promise<{ reminded: number; failed: number }> {
      const now = clock.now();
      let reminded = 0;
      let failed = 0;
      for (const candidate of await candidates(now)) {
        // One shopper's bad row must not cost every shopper after them their reminder.
        try {
          if (await remind(candidate, now)) reminded++;
        } catch (error) {
          failed++;
          log.error({ err: error, orderId: candidate.order_id }, 'A cart reminder could not be sent');
        }
      }
      return { reminded, failed };
    },

    /**
     * What a reminder's link puts back in the cart: the checkout's lines still sold and in stock
     * (quantities cut to the stock), with their current prices; the rest named as unavailable.
     */
    async restore(orderId: string): Promise<{ lines: RestoredLine[]; unavailable: string[] } | null> {
      const [reminder] = await db.select().from(cartReminders).where(eq(cartReminders.orderId, orderId));
      if (!reminder) return null;
      const rows = await db
        .select({ item: orderItems, product: products, category: categories.name })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id));
      const lines: RestoredLine[] = [];
      const unavailable: string[] = [];
      for (const { item, product, category } of rows) {
        const available = product.allowPreOrder ? item.quantity : Math.min(item.quantity, product.stock);
        if (product.archived || available < Math.max(product.minQuantity, 1)) {
          unavailable.push(item.name);
          continue;
        }
        const personalisation = item.personalisation
          ? {
              text: Object.fromEntries(
                item.personalisation.fields.map((field) => [field.label, field.value]),
              ),
              photo: item.personalisation.photo,
            }
          : undefined;
        lines.push({
          product: {
            id: product.id,
            name: product.name,
            slug: product.slug,
            price: toRupees(product.pricePaise),
            image: product.image,
            category: category ?? '',
            inStock: product.stock > 0,
            allowPreOrder: product.allowPreOrder,
            minQuantity: product.minQuantity,
          },
          quantity: available,
          ...(personalisation ? { personalisation } : {}),
        });
      }
      await db
        .update(cartReminders)
        .set({ restoredAt: clock.now() })
        .where(and(eq(cartReminders.id, reminder.id), isNull(cartReminders.restoredAt)));
      return { lines, unavailable };
    },

    /** For the dashboard: reminders sent in the last 30 days, and how many were followed by a payment. */
    async figures(): Promise<{ sent: number; recovered: number }> {
      const since = new Date(clock.now().getTime() - 30 * CART_REMINDER_GAP_MS).toISOString();
      const result = await db.execute(sql`
        select count(*) as sent,
               count(*) filter (where exists (
                 select 1 from orders o where o.user_id = r.user_id and o.paid_at >= r.sent_at
                   and o.paid_at < r.sent_at + interval '7 days')) as recovered
          from cart_reminders r where r.sent_at > ${since}`);
      const [row] = rowsOf<{ sent: string; recovered: string }>(result);
      return { sent: Number(row?.sent ?? 0), recovered: Number(row?.recovered ?? 0) };
    },
  };
}
export type CartReminders = ReturnType<typeof createCartReminders>;
