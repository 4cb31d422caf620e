import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { violatedConstraint } from '../../db/sql-helpers';
import { conflict, forbidden, invalid, notFound, tooMany, waitInWords } from '../../errors';
import { eraseAddressesOf } from '../addresses';
import {
  type AttemptRule,
  type AuthUser,
  accountStandingOf,
  correctFullName,
  createAttemptLimiter,
  emailUsedByOther,
  eraseAccountDetailsOf,
  erasePhoneCodesTo,
  eraseSessionsOf,
  type LimiterStore,
  lockEmailOf,
  setEmailOf,
  tokenHashOf,
} from '../auth';
import { eraseGiftThanksFor } from '../gift-links';
import { enqueueMail, eraseMailsOf } from '../mail';
import { eraseSandboxMessagesTo } from '../messaging';
import { eraseCartsAndAlertsOf, eraseMessagesOf } from '../notifications';
import { eraseOrderContactsOf, orderIdsOf } from '../orders';
import { eraseReturnPhotosOf } from '../returns';
import { eraseWishlistOf } from '../wishlist';
import { emailChanges } from './tables';

/** Decision 0063: what a shopper may do to their own data, per account, in an hour. */
export const ACCOUNT_RIGHTS_LIMITS = {
  erase: { name: 'account-erase', attempts: 5, windowSeconds: 60 * 60 },
  export: { name: 'account-export', attempts: 5, windowSeconds: 60 * 60 },
  correct: { name: 'account-correct', attempts: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

export const STAFF_CANNOT_ERASE =
  'Back-office accounts cannot be deleted from the account page. Ask the store owner to remove your access.';
export const CONFIRMATION_WRONG = 'That is not right. Enter your password (or the code we sent) again.';

/** Decision 0075: the link to a new e-mail address works once, for a day. */
export const EMAIL_CHANGE_HOURS = 24;
export const EMAIL_CHANGE_MESSAGES = {
  same: 'This is already the e-mail of your account.',
  taken: 'Another account uses this e-mail. Sign in with it, or choose a different one.',
  linkGone: 'This link has expired or was already used. Ask for a new one from your account page.',
} as const;

import { ERASED_AUTHOR as ERASED_NAME } from '../../../shared/api/reviews';

export { ERASED_NAME };

export type ConfirmIdentity = (input: {
  userId: number;
  password?: string;
  code?: string;
  ip: string;
}) => Promise<boolean>;

/** Sets a verified number on the account (the auth module's code check); answers the account. */
export type VerifyNewPhone = (input: {
  userId: number;
  phone: string;
  code: string;
  ip: string;
}) => Promise<AuthUser>;

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
  verifyNewPhone,
  sendText,
  log,
}: {
  db: Db;
  clock: Clock;
  limiterStore: LimiterStore;
  confirmIdentity: ConfirmIdentity;
  verifyNewPhone: VerifyNewPhone;
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

  async function openChange(token: string) {
    const [change] = await db
      .select({ newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.tokenHash, tokenHashOf(token)),
          isNull(emailChanges.confirmedAt),
          gt(emailChanges.expiresAt, clock.now()),
        ),
      );
    if (!change) throw notFound(EMAIL_CHANGE_MESSAGES.linkGone);
    return change;
  }

  return {
    exportLimiter: (userId: number) => consume(exportLimiter, userId, 'download'),

    /** Decision 0063 (DPDP Act s.12): the shopper corrects their name; invoices issued keep theirs. */
    async correctName(userId: number, fullName: string) {
      await consume(correctLimiter, userId, 'change');
      await correctFullName(db, userId, fullName);
      log.info({ userId, event: 'account-name-corrected' }, 'a shopper corrected their name');
    },

    /**
     * Decision 0075 (DPDP Act s.12): the shopper corrects their mobile number, a login, with the
     * code sent to the new number; counted with the other corrections and logged.
     */
    async correctPhone(input: { userId: number; phone: string; code: string; ip: string }) {
      await consume(correctLimiter, input.userId, 'change');
      const account = await verifyNewPhone(input);
      log.info(
        { userId: input.userId, event: 'account-phone-corrected' },
        'a shopper corrected their number',
      );
      return account;
    },

    /**
     * Decision 0075 (DPDP Act s.12): a new e-mail, a login, changes only once the link mailed to
     * it comes back. The account keeps its address until then; an earlier link stops working.
     */
    async requestEmailChange(input: { userId: number; email: string; origin: string }) {
      const account = await accountStandingOf(db, input.userId);
      if (!account || account.deletedAt) throw notFound('This account no longer exists');
      await consume(correctLimiter, input.userId, 'change');
      if (account.email?.toLowerCase() === input.email) {
        throw invalid(EMAIL_CHANGE_MESSAGES.same, [{ path: 'email', message: EMAIL_CHANGE_MESSAGES.same }]);
      }
      if (await emailUsedByOther(db, input.email, input.userId)) throw conflict(EMAIL_CHANGE_MESSAGES.taken);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000);
      const link = `${input.origin}/confirm-email/${token}`;
      await db.transaction(async (tx) => {
        await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.userId, input.userId), isNull(emailChanges.confirmedAt)));
        await tx.insert(emailChanges).values({
          userId: input.userId,
          newEmail: input.email,
          tokenHash: tokenHashOf(token),
          createdAt: now,
          expiresAt,
        });
        await enqueueMail(
          tx,
          {
            recipient: input.email,
            subject: 'Confirm your new e-mail for Utsav Gifts',
            text: [
              'You asked to use this address for your Utsav Gifts account.',
              `Open this link within ${EMAIL_CHANGE_HOURS} hours to confirm it:\n${link}`,
              'Until you do, your account keeps its current e-mail. If you did not ask for this, ignore this e-mail.',
            ].join('\n\n'),
            kind: 'email-change',
          },
          now,
        );
      });
      log.info(
        { userId: input.userId, event: 'account-email-change-asked' },
        'a shopper asked to change their e-mail',
      );
      return { sentTo: input.email, expiresAt: expiresAt.toISOString() };
    },

    /** What a link would confirm (reading it changes nothing: mail scanners open links). */
    async describeEmailChange(token: string) {
      const change = await openChange(token);
      return { newEmail: change.newEmail };
    },

    /** Decision 0075: the link came back; the account's e-mail becomes the new address. */
    async confirmEmailChange(token: string) {
      const now = clock.now();
      const { userId, newEmail } = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(emailChanges)
          .set({ confirmedAt: now })
          .where(
            and(
              eq(emailChanges.tokenHash, tokenHashOf(token)),
              isNull(emailChanges.confirmedAt),
              gt(emailChanges.expiresAt, now),
            ),
          )
          .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
        if (!claimed) throw notFound(EMAIL_CHANGE_MESSAGES.linkGone);
        const before = await lockEmailOf(tx, claimed.userId);
        if (!before || before.deletedAt) throw notFound(EMAIL_CHANGE_MESSAGES.linkGone);
        try {
          await setEmailOf(tx, claimed.userId, claimed.newEmail);
        } catch (error) {
          if (violatedConstraint(error) === null) throw error;
          throw conflict(EMAIL_CHANGE_MESSAGES.taken);
        }
        // The old address hears of it: a change it did not ask for can be reported at once.
        await enqueueMail(
          tx,
          {
            recipient: before.email ?? '',
            subject: 'The e-mail of your Utsav Gifts account was changed',
            text: [
              `Your Utsav Gifts account now uses ${claimed.newEmail}. Sign in with it from now on.`,
              'If you did not make this change, reply to this e-mail or write to customer care from the contact page.',
            ].join('\n\n'),
            kind: 'email-changed',
          },
          now,
        );
        return claimed;
      });
      log.info({ userId, event: 'account-email-corrected' }, 'a shopper confirmed their new e-mail');
      return { email: newEmail };
    },

    /**
     * Decision 0063 (DPDP Act s.12): erases the account. Orders and invoices stay for the period
     * CGST Act s.36 requires (TAX_RECORDS_MONTHS); the invoice keeps the buyer as issued, and the
     * order keeps only the state and pincode of delivery (place of supply). Everything else that
     * names or reaches the shopper goes, in one transaction.
     */
    async erase(input: { userId: number; password?: string; code?: string; ip: string }) {
      const account = await accountStandingOf(db, input.userId);
      if (!account || account.deletedAt) throw notFound('This account no longer exists');
      if (account.role === 'admin') throw forbidden(STAFF_CANNOT_ERASE);
      await consume(eraseLimiter, input.userId, 'delete');
      if (!(await confirmIdentity(input))) {
        throw invalid(CONFIRMATION_WRONG, [
          { path: account.hasPassword ? 'password' : 'code', message: CONFIRMATION_WRONG },
        ]);
      }
      const now = clock.now();
      const email = account.email;
      const phone = account.phone;
      await db.transaction(async (tx) => {
        const ownOrders = await orderIdsOf(tx, input.userId);
        await eraseSessionsOf(tx, input.userId);
        await eraseAddressesOf(tx, input.userId);
        await eraseWishlistOf(tx, input.userId);
        await eraseCartsAndAlertsOf(tx, input.userId);
        await tx.delete(emailChanges).where(eq(emailChanges.userId, input.userId));
        await eraseReturnPhotosOf(tx, input.userId);
        if (phone) await erasePhoneCodesTo(tx, phone);
        await eraseGiftThanksFor(tx, ownOrders);
        await eraseOrderContactsOf(tx, ownOrders);
        await eraseMessagesOf(tx, { orderIds: ownOrders, phone });
        if (phone) await eraseSandboxMessagesTo(tx, phone);
        await eraseMailsOf(tx, { orderIds: ownOrders, email });
        await eraseAccountDetailsOf(tx, input.userId, { fullName: ERASED_NAME, at: now });
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

/**
 * Decisions 0055 and 0075: deletes the links to a new e-mail address that were used or expired, as
 * they hold an address for nothing. Answers how many went.
 */
export async function deleteSpentEmailChanges(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(emailChanges)
    .where(or(lt(emailChanges.expiresAt, now), isNotNull(emailChanges.confirmedAt)))
    .returning({ id: emailChanges.id });
  return deleted.length;
}
