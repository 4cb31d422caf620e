import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutCartLine, RestoredLine } from '../../../shared/api/notifications';
import { toRupees } from '../../../shared/money';
import {
  CART_RECOVERY_WINDOW_MS,
  CART_REMINDER_AFTER_MS,
  CART_REMINDER_GAP_MS,
} from '../../../shared/notifications';
import type { Clock } from '../../clock';
import { type Db, rowsOf } from '../../db/client';
import { invalid } from '../../errors';
import type { StoreIdentity } from '../../store-identity';
import { contactOf, lockAccount } from '../auth';
import { productCardsOf, productNamesOf } from '../catalog';
import { cartReminderMail, enqueueMail } from '../mail';
import { consentGiven } from './consents';
import { withinMarketingHours } from './marketing-hours';
import { cartRestoreLink, optOutLink } from './message-text';
import { shopperRecipients, withoutOptOuts } from './notices';
import { optOutToken, restoreToken } from './notification-worker';
import { addressKey } from './opt-outs';
import type { OrderFacts } from './order-facts';
import type { LinkSigner } from './signed-links';
import { cartReminders, checkoutCarts, notificationOptOuts, notificationOutbox } from './tables';

export const CART_REMINDER_EVERY_MS = 5 * 60 * 1000;

type Candidate = {
  user_id: number;
  /** The pending order the checkout made, or null for a cart recorded at checkout alone. */
  order_id: string | null;
  lines: CheckoutCartLine[] | null;
  /** Null for an account made by phone alone. */
  email: string | null;
  /** The account's verified mobile, if it has one. */
  phone: string | null;
  full_name: string;
};

type Reminder = typeof cartReminders.$inferSelect;

/**
 * Carts that come back. A signed-in shopper whose latest checkout (the cart recorded
 * when they reached checkout, or the pending order clicking Pay made) is still unpaid an hour later
 * gets one reminder on a channel they agreed to: never more than one a day (checked under a lock
 * of the shopper's row, so two instances remind once), none once they paid any order since they
 * started, none on a channel they stopped. Quotes are the owner's offers, not carts, and a checkout
 * the shopper (or the owner) cancelled was not forgotten: none.
 */
export function createCartReminders({
  db,
  clock,
  signer,
  store,
  log,
  orders,
}: {
  db: Db;
  clock: Clock;
  signer: LinkSigner;
  store: StoreIdentity;
  log: FastifyBaseLogger;
  orders: OrderFacts;
}) {
  async function candidates(now: Date): Promise<Candidate[]> {
    const startedBefore = new Date(now.getTime() - CART_REMINDER_AFTER_MS).toISOString();
    const notOlderThan = new Date(now.getTime() - CART_REMINDER_GAP_MS).toISOString();
    // Only the shopper's latest checkout counts: one who came back to checkout ten minutes ago is
    // not reminded of an older one. On a tie the order wins: its lines keep their personalisation.
    const result = await db.execute(sql`
      with starts as (
        select o.user_id, o.id as order_id, null::jsonb as lines, o.created_at as started_at,
               exists (select 1 from order_events e
                        where e.order_id = o.id and e.status = 'cancelled' and e.actor <> 'system')
                 as declined
          from orders o
         where o.user_id is not null
           and o.paid_at is null
           and o.status in ('pending', 'cancelled')
           and o.created_at > ${notOlderThan}
           and o.notify is not null
           and not exists (select 1 from order_quotes q where q.order_id = o.id)
           -- Decision 0084: a group gift's order waits for its friends, not for a reminder.
           and not exists (select 1 from group_gifts g where g.order_id = o.id)
        union all
        select c.user_id, null::uuid, c.lines, c.started_at, false
          from checkout_carts c
         where c.started_at > ${notOlderThan}
           and jsonb_array_length(c.lines) > 0
      ),
      latest as (
        select distinct on (user_id) *
          from starts
         order by user_id, started_at desc, order_id nulls last
      )
      select s.user_id, s.order_id, s.lines
        from latest s
       where not s.declined
         and s.started_at <= ${startedBefore}
         -- Paid since, or placed since without paying first (an order that left pending unpaid,
         -- as one paid on delivery would): either way the cart was bought.
         and not exists (select 1 from orders done
                          where done.user_id = s.user_id
                            and (done.paid_at >= s.started_at
                                 or (done.created_at >= s.started_at
                                     and done.status not in ('pending', 'cancelled'))))
         and not exists (select 1 from cart_reminders r
                          where r.user_id = s.user_id and r.sent_at > ${notOlderThan})
         and (s.order_id is null
              or not exists (select 1 from cart_reminders r where r.order_id = s.order_id))
       order by s.started_at
       limit 50`);
    const found = rowsOf<Pick<Candidate, 'user_id' | 'order_id' | 'lines'>>(result);
    const candidates: Candidate[] = [];
    for (const row of found) {
      const account = await contactOf(db, row.user_id);
      if (account) {
        candidates.push({ ...row, email: account.email, phone: account.phone, full_name: account.fullName });
      }
    }
    return candidates;
  }

  /** Reminds one shopper of one checkout; false when there was nothing to send or another claimed it. */
  async function remind(candidate: Candidate, now: Date): Promise<boolean> {
    // Decision 0062: a reminder is marketing, so it goes only on the channels the shopper agreed to
    // get offers and reminders on; the order-news ticks (and the owner's defaults) are no consent.
    const consent = {
      whatsapp: await consentGiven(db, candidate.user_id, 'marketing', 'whatsapp'),
      sms: await consentGiven(db, candidate.user_id, 'marketing', 'sms'),
      email: await consentGiven(db, candidate.user_id, 'marketing', 'email'),
      giftRecipient: false,
    };
    // Decision 0054: their own verified mobile only, never a number typed at checkout.
    const phone = candidate.phone ?? undefined;
    const messengers = await withoutOptOuts(db, phone ? shopperRecipients({ ...consent, phone }) : []);
    // An account made by phone alone has no e-mail address: its e-mail tick reaches nobody.
    const email = consent.email && candidate.email ? addressKey('email', candidate.email) : null;
    const [emailStopped] = email
      ? await db
          .select({ id: notificationOptOuts.id })
          .from(notificationOptOuts)
          .where(and(eq(notificationOptOuts.channel, 'email'), eq(notificationOptOuts.address, email)))
      : [];
    const mailTo = email && !emailStopped ? candidate.email : null;
    const channels = [...messengers.map((recipient) => recipient.channel), ...(mailTo ? ['email'] : [])];
    if (channels.length === 0) return false;
    const stopLink = mailTo
      ? optOutLink(store, await optOutToken(signer, 'email', addressKey('email', mailTo)))
      : null;
    // Read outside the transaction: on a one-connection database a read beside it would wait for it.
    await signer.ready();
    const notOlderThan = new Date(now.getTime() - CART_REMINDER_GAP_MS);
    return db.transaction(async (tx) => {
      // The claim: the shopper's row is locked, so a second instance (or run) waits here and then
      // finds the first one's reminder. The unique order_id holds for an order's checkout as well.
      await lockAccount(tx, candidate.user_id);
      const [recent] = await tx
        .select({ id: cartReminders.id })
        .from(cartReminders)
        .where(and(eq(cartReminders.userId, candidate.user_id), gt(cartReminders.sentAt, notOlderThan)));
      if (recent) return false;
      const [claimed] = await tx
        .insert(cartReminders)
        .values({
          orderId: candidate.order_id,
          lines: candidate.order_id ? null : candidate.lines,
          userId: candidate.user_id,
          channels,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: cartReminders.id });
      if (!claimed) return false;
      if (messengers.length > 0) {
        await tx
          .insert(notificationOutbox)
          .values(
            messengers.map((recipient) => ({
              dedupeKey: `cart-reminder-${claimed.id}:${recipient.channel}:shopper`,
              orderId: candidate.order_id,
              notice: 'cart_reminder',
              channel: recipient.channel,
              recipient: recipient.to,
              audience: 'shopper' as const,
              details: { reminderId: claimed.id },
              nextAttemptAt: now,
              createdAt: now,
            })),
          )
          .onConflictDoNothing({ target: notificationOutbox.dedupeKey });
      }
      if (mailTo && stopLink) {
        const mail = cartReminderMail(
          {
            orderId: candidate.order_id,
            customerName: candidate.full_name,
            customerEmail: mailTo,
            restoreLink: cartRestoreLink(store, await restoreToken(signer, claimed.id)),
            optOutLink: stopLink,
          },
          store,
        );
        await enqueueMail(tx, mail, now);
      }
      return true;
    });
  }

  type Wanted = { productId: number; quantity: number; personalisation?: RestoredLine['personalisation'] };

  /** The wanted lines still sold and in stock (cut to the stock), at today's prices; the rest named. */
  async function sellable(wanted: Wanted[], names: Map<number, string>) {
    const ids = [...new Set(wanted.map((line) => line.productId))];
    const cards = await productCardsOf(db, ids);
    const lines: RestoredLine[] = [];
    const unavailable: string[] = [];
    for (const line of wanted) {
      const product = cards.find((card) => card.id === line.productId);
      if (!product) continue;
      const available = product.allowPreOrder ? line.quantity : Math.min(line.quantity, product.stock);
      if (product.archived || available < Math.max(product.minQuantity, 1)) {
        unavailable.push(names.get(line.productId) ?? product.name);
        continue;
      }
      lines.push({
        product: {
          id: product.id,
          name: product.name,
          slug: product.slug,
          price: toRupees(product.pricePaise),
          image: product.image,
          category: product.category,
          inStock: product.stock > 0,
          allowPreOrder: product.allowPreOrder,
          minQuantity: product.minQuantity,
        },
        quantity: available,
        ...(line.personalisation ? { personalisation: line.personalisation } : {}),
      });
    }
    return { lines, unavailable };
  }

  /** What the reminded checkout held: the order's lines, else the cart recorded at checkout. */
  async function wantedOf(reminder: Reminder): Promise<{ wanted: Wanted[]; names: Map<number, string> }> {
    if (!reminder.orderId) {
      return { wanted: reminder.lines ?? [], names: new Map() };
    }
    const items = await orders.linesOf(reminder.orderId);
    return {
      wanted: items.map((item) => ({
        productId: item.productId,
        quantity: item.quantity,
        ...(item.personalisation
          ? {
              personalisation: {
                text: Object.fromEntries(
                  item.personalisation.fields.map((field) => [field.label, field.value]),
                ),
                photo: item.personalisation.photo,
              },
            }
          : {}),
      })),
      // The name the shopper bought it under, should the product have been renamed since.
      names: new Map(items.map((item) => [item.productId, item.name])),
    };
  }

  return {
    /** Runs on every instance (exclusively across them); sends each due reminder once. */
    async sendDue(): Promise<{ reminded: number; failed: number }> {
      const now = clock.now();
      // Decision 0062 (TRAI TCCCPR 2018): promotional messages only from 9 am to 9 pm India time.
      // One due outside them waits: the candidates stay candidates until the first run at 9 am.
      if (!withinMarketingHours(now)) return { reminded: 0, failed: 0 };
      let reminded = 0;
      let failed = 0;
      for (const candidate of await candidates(now)) {
        // One shopper's bad row must not cost every shopper after them their reminder.
        try {
          if (await remind(candidate, now)) reminded++;
        } catch (error) {
          failed++;
          log.error(
            { err: error, orderId: candidate.order_id, userId: candidate.user_id },
            'A cart reminder could not be sent',
          );
        }
      }
      return { reminded, failed };
    },

    /**
     * Keeps the cart a signed-in shopper has at checkout, replacing the one kept before; the time
     * it was recorded is when they (last) started checkout. An empty cart leaves nothing to remind.
     */
    async recordCheckoutCart(userId: number, lines: CheckoutCartLine[]): Promise<{ recorded: number }> {
      if (lines.length === 0) {
        await db.delete(checkoutCarts).where(eq(checkoutCarts.userId, userId));
        return { recorded: 0 };
      }
      const known = await productNamesOf(
        db,
        lines.map((line) => line.productId),
      );
      const missing = lines.findIndex((line) => !known.has(line.productId));
      if (missing >= 0) {
        const message = `Product ${lines[missing]?.productId} is not sold here`;
        throw invalid(message, [{ path: `lines.${missing}.productId`, message }]);
      }
      const startedAt = clock.now();
      await db
        .insert(checkoutCarts)
        .values({ userId, lines, startedAt })
        .onConflictDoUpdate({ target: checkoutCarts.userId, set: { lines, startedAt } });
      return { recorded: lines.length };
    },

    /** The reminder a restore link names: by its own id, or by its order (links sent before that). */
    async reminderOf(link: { reminderId: number } | { orderId: string }): Promise<Reminder | null> {
      const [reminder] = await db
        .select()
        .from(cartReminders)
        .where(
          'reminderId' in link
            ? eq(cartReminders.id, link.reminderId)
            : eq(cartReminders.orderId, link.orderId),
        );
      return reminder ?? null;
    },

    /**
     * What a reminder's link puts back in the cart, as it can be bought now. Its first use is kept:
     * a payment after it is a cart the reminder recovered.
     */
    async restore(reminder: Reminder): Promise<{ lines: RestoredLine[]; unavailable: string[] }> {
      const { wanted, names } = await wantedOf(reminder);
      const restored = await sellable(wanted, names);
      await db
        .update(cartReminders)
        .set({ restoredAt: clock.now() })
        .where(and(eq(cartReminders.id, reminder.id), isNull(cartReminders.restoredAt)));
      return restored;
    },

    /**
     * For the dashboard: reminders sent in the last 30 days, and the carts they recovered: those
     * whose link was opened and whose shopper paid an order after it, within the recovery window.
     */
    async figures(): Promise<{ sent: number; recovered: number }> {
      const since = new Date(clock.now().getTime() - 30 * CART_REMINDER_GAP_MS).toISOString();
      const windowSeconds = CART_RECOVERY_WINDOW_MS / 1000;
      const result = await db.execute(sql`
        select count(*) as sent,
               count(*) filter (where r.restored_at is not null and exists (
                 select 1 from orders o where o.user_id = r.user_id and o.paid_at >= r.restored_at
                   and o.paid_at < r.restored_at + ${windowSeconds}::int * interval '1 second')) as recovered
          from cart_reminders r where r.sent_at > ${since}`);
      const [row] = rowsOf<{ sent: string; recovered: string }>(result);
      return { sent: Number(row?.sent ?? 0), recovered: Number(row?.recovered ?? 0) };
    },
  };
}
export type CartReminders = ReturnType<typeof createCartReminders>;

/** Decision 0055: deletes the carts recorded at checkouts started before `before`. Answers how many. */
export async function deleteCheckoutCartsStartedBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(checkoutCarts)
    .where(lt(checkoutCarts.startedAt, before))
    .returning({ userId: checkoutCarts.userId });
  return deleted.length;
}
