import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  addresses,
  cartReminders,
  checkoutCarts,
  mailOutbox,
  notificationOutbox,
  orderItems,
  orders,
  phoneCodes,
  returnPhotos,
  returnRequests,
  sandboxMessages,
  sessions,
  stockAlerts,
  users,
  wishlistItems,
} from '../../db/schema';
import { forbidden, invalid, notFound, tooMany, waitInWords } from '../../errors';
import { type AttemptRule, createAttemptLimiter, type LimiterStore } from '../auth';
import { enqueueMail } from '../mail';

/** Decision 0063: what a shopper may do to their own data, per account, in an hour. */
export const ACCOUNT_RIGHTS_LIMITS = {
  erase: { name: 'account-erase', attempts: 5, windowSeconds: 60 * 60 },
  export: { name: 'account-export', attempts: 5, windowSeconds: 60 * 60 },
  correct: { name: 'account-correct', attempts: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

export const STAFF_CANNOT_ERASE =
  'Back-office accounts cannot be deleted from the account page. Ask the store owner to remove your access.';
export const CONFIRMATION_WRONG = 'That is not right. Enter your password (or the code we sent) again.';

import { ERASED_AUTHOR as ERASED_NAME } from '../../../shared/api/reviews';

export { ERASED_NAME };

export type ConfirmIdentity = (input: {
  userId: number;
  password?: string;
  code?: string;
  ip: string;
}) => Promise<boolean>;

/** Sends a text at once (app.messenger.send), for a phone-only account's confirmation. */
export type SendText = (message: {
  channel: 'sms';
  to: string;
  template: string;
  params: string[];
  text: string;
}) => Promise<unknown>;

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService({
  db,
  clock,
  limiterStore,
  confirmIdentity,
  sendText,
  log,
}: {
  db: Db;
  clock: Clock;
  limiterStore: LimiterStore;
  confirmIdentity: ConfirmIdentity;
  sendText: SendText;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  const eraseLimiter = createAttemptLimiter(limiterStore, ACCOUNT_RIGHTS_LIMITS.erase);
  const exportLimiter = createAttemptLimiter(limiterStore, ACCOUNT_RIGHTS_LIMITS.export);
  const correctLimiter = createAttemptLimiter(limiterStore, ACCOUNT_RIGHTS_LIMITS.correct);

  async function consume(limiter: typeof eraseLimiter, userId: number, what: string) {
    const wait = await limiter.consume(String(userId));
    if (wait > 0) throw tooMany(`Too many ${what} requests. Please try again in ${waitInWords(wait)}.`, wait);
  }

  return {
    exportLimiter: (userId: number) => consume(exportLimiter, userId, 'download'),

    /** Decision 0063 (DPDP Act s.12): the shopper corrects their name; invoices issued keep theirs. */
    async correctName(userId: number, fullName: string) {
      await consume(correctLimiter, userId, 'change');
      await db.update(users).set({ fullName }).where(eq(users.id, userId));
      log.info({ userId, event: 'account-name-corrected' }, 'a shopper corrected their name');
    },

    /**
     * Decision 0063 (DPDP Act s.12): erases the account. Orders and invoices stay for the period
     * CGST Act s.36 requires (TAX_RECORDS_MONTHS); the invoice keeps the buyer as issued, and the
     * order keeps only the state and pincode of delivery (place of supply). Everything else that
     * names or reaches the shopper goes, in one transaction.
     */
    async erase(input: { userId: number; password?: string; code?: string; ip: string }) {
      const [account] = await db.select().from(users).where(eq(users.id, input.userId));
      if (!account || account.deletedAt) throw notFound('This account no longer exists');
      if (account.role === 'admin') throw forbidden(STAFF_CANNOT_ERASE);
      await consume(eraseLimiter, input.userId, 'delete');
      if (!(await confirmIdentity(input))) {
        throw invalid(CONFIRMATION_WRONG, [
          { path: account.passwordHash ? 'password' : 'code', message: CONFIRMATION_WRONG },
        ]);
      }
      const now = clock.now();
      const email = account.email;
      const phone = account.phone;
      await db.transaction(async (tx) => {
        const own = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, input.userId));
        const ownOrders = (await own).map((row) => row.id);
        await tx.delete(sessions).where(eq(sessions.userId, input.userId));
        await tx.delete(addresses).where(eq(addresses.userId, input.userId));
        await tx.delete(wishlistItems).where(eq(wishlistItems.userId, input.userId));
        await tx.delete(stockAlerts).where(eq(stockAlerts.userId, input.userId));
        await tx.delete(checkoutCarts).where(eq(checkoutCarts.userId, input.userId));
        await tx.delete(cartReminders).where(eq(cartReminders.userId, input.userId));
        await tx
          .delete(returnPhotos)
          .where(
            inArray(
              returnPhotos.returnId,
              tx
                .select({ id: returnRequests.id })
                .from(returnRequests)
                .where(eq(returnRequests.userId, input.userId)),
            ),
          );
        if (phone) await tx.delete(phoneCodes).where(eq(phoneCodes.phone, phone));
        if (ownOrders.length > 0) {
          // The tax record keeps amounts, lines and the place of supply; who and where to goes.
          for (const order of await tx
            .select({ id: orders.id, shippingAddress: orders.shippingAddress })
            .from(orders)
            .where(inArray(orders.id, ownOrders))) {
            const kept = (order.shippingAddress ?? {}) as { state?: string; postalCode?: string };
            await tx
              .update(orders)
              .set({
                shippingAddress: {
                  fullName: '',
                  address: '',
                  city: '',
                  state: kept.state ?? '',
                  postalCode: kept.postalCode ?? '',
                  phone: '',
                },
                giftMessage: null,
                giftRecipientEmail: null,
                notify: null,
              })
              .where(eq(orders.id, order.id));
          }
          await tx
            .update(orderItems)
            .set({ personalisation: null })
            .where(inArray(orderItems.orderId, ownOrders));
        }
        // Messages: the bodies go, and nothing queued for this shopper is sent any more.
        const messagesOf = or(
          ownOrders.length > 0 ? inArray(notificationOutbox.orderId, ownOrders) : undefined,
          phone
            ? and(eq(notificationOutbox.recipient, phone), eq(notificationOutbox.audience, 'shopper'))
            : undefined,
        );
        if (messagesOf) {
          await tx
            .update(notificationOutbox)
            .set({ text: null, details: {}, recipient: '' })
            .where(messagesOf);
          await tx
            .update(notificationOutbox)
            .set({ status: 'skipped' })
            .where(and(messagesOf, eq(notificationOutbox.status, 'queued')));
        }
        if (phone) {
          await tx
            .update(sandboxMessages)
            .set({ text: '', params: [] })
            .where(eq(sandboxMessages.recipient, phone));
        }
        const mailOf = or(
          ownOrders.length > 0 ? inArray(mailOutbox.orderId, ownOrders) : undefined,
          email ? eq(mailOutbox.recipient, email) : undefined,
        );
        if (mailOf) {
          await tx
            .update(mailOutbox)
            .set({ status: 'failed', lastError: 'account erased' })
            .where(and(mailOf, eq(mailOutbox.status, 'queued')));
          await tx.update(mailOutbox).set({ text: '', html: null, recipient: '' }).where(mailOf);
        }
        await tx
          .update(users)
          .set({
            email: null,
            username: `erased-${input.userId}`,
            fullName: ERASED_NAME,
            passwordHash: null,
            phone: null,
            phoneVerifiedAt: null,
            gstin: null,
            legalName: null,
            deletedAt: now,
          })
          .where(eq(users.id, input.userId));
        if (email) {
          await enqueueMail(
            tx,
            {
              recipient: email,
              subject: 'Your Utsav Gifts account has been deleted',
              text: [
                'Your Utsav Gifts account has been deleted, as you asked.',
                'Your addresses, wishlist, saved phone number and messages are gone, and every session is signed out.',
                'Tax law (CGST Act s.36) requires us to keep your invoices and their order records for 72 months; they are used for nothing else.',
                'If you did not ask for this, reply to this e-mail.',
              ].join('\n\n'),
              kind: 'account-erased',
            },
            now,
          );
        }
      });
      // Decision 0063: logged without the personal data just erased.
      log.info({ userId: input.userId, event: 'account-erased' }, 'a shopper erased their account');
      if (!email && phone) {
        // A phone-only account has no mailbox: one text, sent once the erasure is committed.
        await sendText({
          channel: 'sms',
          to: phone,
          template: 'account_erased',
          params: [],
          text: 'Your Utsav Gifts account has been deleted, as you asked. Invoices stay for 72 months as tax law requires.',
        }).catch((error: unknown) => log.warn({ err: error }, 'the erasure confirmation text failed'));
      }
    },
  };
}
