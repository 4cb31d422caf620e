import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADULT_REQUIRED, NAME_NEEDED, OTP_RULES, type OtpChannel } from '../../../shared/auth';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/client';
import { violatedConstraint } from '../../db/sql-helpers';
import { AppError, conflict, forbidden, invalid, tooMany, unauthorized, waitInWords } from '../../errors';
import { type AttemptRule, createAttemptLimiter, type LimiterStore } from './attempt-limiter';
import { hashPassword, type PasswordCost, verifyPassword } from './password';
import { phoneCodes, users } from './tables';

/**
 * What the codes go out through: app.messenger.send (modules/messaging), given by services.ts.
 * It sends now and throws on failure; a code that arrives late is of no use.
 */
export type SendCode = (message: {
  channel: OtpChannel;
  to: string;
  template: 'otp';
  params: string[];
  text: string;
}) => Promise<unknown>;

/**
 * Decision 0032: an address asks for at most 20 codes an hour and tries 30 codes in 15 minutes,
 * whichever instance answers (the counters live in Redis or the database); each code allows 3
 * wrong tries. What a number and a requester may be sent is counted from the codes themselves
 * (CODE_ALLOWANCE), so a refused request spends nothing.
 */
export const OTP_LIMITS = {
  perIp: { name: 'otp-ip', attempts: 20, windowSeconds: 60 * 60 },
  verifyPerIp: { name: 'otp-verify-ip', attempts: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, AttemptRule>;

/**
 * Decision 0032, codes sent per hour: a number gets 10, at most 3 of them asked for by one address,
 * so one requester can never spend a number's allowance and lock its owner out; an address's sixth
 * code in the hour waits 30 s after its previous one, doubling with each further code (at most 15
 * minutes). Only codes that went out count: a failed send deletes its code.
 */
export const CODE_ALLOWANCE = {
  windowSeconds: 60 * 60,
  perPhone: 10,
  perPhoneAndRequester: 3,
  requesterFreeCodes: 5,
  requesterFirstWaitSeconds: 30,
  requesterLongestWaitSeconds: 15 * 60,
} as const;

export const CODE_EXPIRED = 'This code has expired or was already used. Please ask for a new one.';
export const TOO_MANY_TRIES = 'Too many wrong tries. Please ask for a new code.';
export const EMAIL_OF_ANOTHER_ACCOUNT =
  'An account with this email already exists. Sign in with your email and add this number from your account.';
export const PHONE_OF_ANOTHER_ACCOUNT =
  'This number belongs to another account. Sign in with it, or add a different number.';
/** Decision 0032: a SIM alone never opens the back office. */
export const STAFF_USE_PASSWORD =
  'Back-office accounts sign in with their email and password, not with a code.';
export const CODES_FOR_NUMBER = (wait: string) =>
  `Too many codes for this number. Please try again in ${wait}.`;
export const CODES_FROM_HERE = (wait: string) =>
  `Too many codes were asked for from here. Please try again in ${wait}.`;

/** The wait an address's next code needs after its `sent` codes this hour (0: none). */
export function requesterWaitSeconds(sent: number): number {
  const over = sent - CODE_ALLOWANCE.requesterFreeCodes;
  if (over < 0) return 0;
  return Math.min(
    CODE_ALLOWANCE.requesterFirstWaitSeconds * 2 ** over,
    CODE_ALLOWANCE.requesterLongestWaitSeconds,
  );
}

/** The message as the shopper reads it; the last line lets the browser's WebOTP read the code. */
function codeText(code: string, channel: OtpChannel, host: string | undefined) {
  const text = `${code} is your Utsav Gifts login code. It expires in ${OTP_RULES.ttlSeconds / 60} minutes. Do not share it with anyone.`;
  return channel === 'sms' && host ? `${text}\n\n@${host} #${code}` : text;
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/**
 * Decision 0032: refuses a code the number or the requester may not be sent yet: one per 30 s to
 * a number (whatever its purpose, whichever instance answers; read from the newest code sent to
 * it on the store's clock), then CODE_ALLOWANCE. Run again under the advisory locks before insert.
 */
async function refuseUnlessAllowed(runner: Queryable, phone: string, requester: string, now: Date) {
  const hourAgo = new Date(now.getTime() - CODE_ALLOWANCE.windowSeconds * 1000);
  const windowMs = CODE_ALLOWANCE.windowSeconds * 1000;
  const [forPhone] = await runner
    .select({
      sent: sql<number>`count(*)::int`,
      newest: sql<Date | null>`max(${phoneCodes.createdAt})`,
      oldest: sql<Date | null>`min(${phoneCodes.createdAt})`,
      sentToRequester: sql<number>`(count(*) filter (where ${phoneCodes.requestedBy} = ${requester}))::int`,
      oldestToRequester: sql<Date | null>`min(${phoneCodes.createdAt}) filter (where ${phoneCodes.requestedBy} = ${requester})`,
    })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, hourAgo)));
  const time = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : 0);
  const resendAt = time(forPhone?.newest) + OTP_RULES.resendAfterSeconds * 1000;
  if (resendAt > now.getTime()) {
    const seconds = secondsUntil(resendAt, now);
    throw tooMany(`Please wait ${waitInWords(seconds)} before asking for another code.`, seconds);
  }
  if ((forPhone?.sent ?? 0) >= CODE_ALLOWANCE.perPhone) {
    const seconds = secondsUntil(time(forPhone?.oldest) + windowMs, now);
    throw tooMany(CODES_FOR_NUMBER(waitInWords(seconds)), seconds);
  }
  if ((forPhone?.sentToRequester ?? 0) >= CODE_ALLOWANCE.perPhoneAndRequester) {
    const seconds = secondsUntil(time(forPhone?.oldestToRequester) + windowMs, now);
    throw tooMany(CODES_FOR_NUMBER(waitInWords(seconds)), seconds);
  }
  const [fromRequester] = await runner
    .select({ sent: sql<number>`count(*)::int`, newest: sql<Date | null>`max(${phoneCodes.createdAt})` })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.requestedBy, requester), gt(phoneCodes.createdAt, hourAgo)));
  const wait = requesterWaitSeconds(fromRequester?.sent ?? 0);
  const nextAt = time(fromRequester?.newest) + wait * 1000;
  if (wait > 0 && nextAt > now.getTime()) {
    const seconds = secondsUntil(nextAt, now);
    throw tooMany(CODES_FROM_HERE(waitInWords(seconds)), seconds);
  }
}

/** A username for an account made by phone: the name's letters and four digits ("asha4821"). */
function usernameFor(fullName: string) {
  const letters =
    fullName
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 20) || 'shopper';
  return `${letters}${randomInt(1000, 10_000)}`;
}

type Purpose = (typeof phoneCodes.$inferSelect)['purpose'];

export function createPhoneSignIn({
  db,
  clock,
  limiterStore,
  passwordCost,
  sendCode,
  publicHost,
  log,
}: {
  db: Db;
  clock: Clock;
  limiterStore: LimiterStore;
  passwordCost: PasswordCost;
  sendCode: SendCode;
  /** The store's host (PUBLIC_URL) for WebOTP's `@host #code` line; none without it. */
  publicHost: string | undefined;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const limiter = (rule: AttemptRule) => createAttemptLimiter(limiterStore, rule);
  const perIp = limiter(OTP_LIMITS.perIp);
  const verifyPerIp = limiter(OTP_LIMITS.verifyPerIp);

  /**
   * Sends a new code (the number's earlier unused ones stop working). The answer never says
   * whether the number has an account: nothing about accounts is read here.
   */
  async function sendNewCode(input: {
    phone: string;
    channel: OtpChannel;
    ip: string;
    purpose: Purpose;
    userId: number | null;
  }) {
    const ipWait = await perIp.consume(input.ip);
    if (ipWait > 0) throw tooMany(CODES_FROM_HERE(waitInWords(ipWait)), ipWait);
    await refuseUnlessAllowed(db, input.phone, input.ip, clock.now());

    const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
    // Hashed like a password (scrypt, salted): a leaked table gives no live code in its 5 minutes.
    const codeHash = await hashPassword(code, passwordCost, input.ip);
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      // One requester's and one number's requests queue here, on every instance, so two at once
      // cannot both pass the allowance (always the requester's lock first: no deadlock).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-from:${input.ip}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${input.phone}`}))`);
      await refuseUnlessAllowed(tx, input.phone, input.ip, now);
      await tx
        .update(phoneCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(phoneCodes.phone, input.phone),
            eq(phoneCodes.purpose, input.purpose),
            isNull(phoneCodes.usedAt),
          ),
        );
      const [row] = await tx
        .insert(phoneCodes)
        .values({
          phone: input.phone,
          purpose: input.purpose,
          userId: input.userId,
          requestedBy: input.ip,
          codeHash,
          expiresAt: new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000),
          createdAt: now,
        })
        .returning({ id: phoneCodes.id });
      return row?.id;
    });
    try {
      await sendCode({
        channel: input.channel,
        to: input.phone,
        template: 'otp',
        params: [code],
        text: codeText(code, input.channel, publicHost),
      });
    } catch (error) {
      // Nothing reached the phone: the shopper may ask again at once.
      // Deleting the code also lifts the 30 s wait, which is read from the codes.
      if (id !== undefined) await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
      log.error({ err: error, channel: input.channel }, 'a one-time code could not be sent');
      throw new AppError('unavailable', 'We could not send the code just now. Please try again.');
    }
    return { sent: true as const, resendAfter: OTP_RULES.resendAfterSeconds };
  }

  /**
   * Checks a code: the try is counted before the hash is compared (one atomic UPDATE), so
   * concurrent guesses cannot outrun the 3 allowed. Answers the code's row, not yet used up.
   */
  async function checkCode(input: {
    phone: string;
    code: string;
    ip: string;
    purpose: Purpose;
    userId: number | null;
  }) {
    const ipWait = await verifyPerIp.consume(input.ip);
    if (ipWait > 0) {
      throw tooMany(
        `Too many codes were tried from here. Please try again in ${waitInWords(ipWait)}.`,
        ipWait,
      );
    }
    const now = clock.now();
    const [row] = await db
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          eq(phoneCodes.purpose, input.purpose),
          input.userId === null ? isNull(phoneCodes.userId) : eq(phoneCodes.userId, input.userId),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(phoneCodes.id))
      .limit(1);
    if (!row) throw unauthorized(CODE_EXPIRED);
    const [counted] = await db
      .update(phoneCodes)
      .set({ wrongTries: sql`${phoneCodes.wrongTries} + 1` })
      .where(
        and(
          eq(phoneCodes.id, row.id),
          isNull(phoneCodes.usedAt),
          sql`${phoneCodes.wrongTries} < ${OTP_RULES.maxWrongTries}`,
        ),
      )
      .returning({ wrongTries: phoneCodes.wrongTries });
    if (!counted) throw unauthorized(TOO_MANY_TRIES);
    if (!(await verifyPassword(input.code, row.codeHash, input.ip))) {
      const left = OTP_RULES.maxWrongTries - counted.wrongTries;
      throw unauthorized(
        left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : TOO_MANY_TRIES,
      );
    }
    return {
      /** The right code does not count as a wrong try (when it is not used up at once). */
      uncount: () =>
        db
          .update(phoneCodes)
          .set({ wrongTries: sql`${phoneCodes.wrongTries} - 1` })
          .where(eq(phoneCodes.id, row.id)),
      /** Uses the code up; false when another request used it first. */
      spend: async () => {
        const used = await db
          .update(phoneCodes)
          .set({ usedAt: clock.now() })
          .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt)))
          .returning({ id: phoneCodes.id });
        return used.length === 1;
      },
    };
  }

  const userByPhone = async (phone: string) =>
    (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0];

  async function createCustomer(input: { phone: string; fullName: string; email: string | undefined }) {
    const now = clock.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await db
          .insert(users)
          .values({
            email: input.email ?? null,
            username: usernameFor(input.fullName),
            fullName: input.fullName,
            passwordHash: null,
            phone: input.phone,
            phoneVerifiedAt: now,
            adultDeclaredAt: now,
          })
          .returning();
        if (!row) throw new Error('Inserting a user returned no row');
        return row;
      } catch (error) {
        const constraint = violatedConstraint(error);
        if (constraint === null) throw error;
        if (constraint.includes('username') && attempt < 5) continue;
        if (constraint.includes('email')) throw conflict(EMAIL_OF_ANOTHER_ACCOUNT);
        // The same number signed up a moment ago on another request: that account is theirs.
        const existing = constraint.includes('phone') ? await userByPhone(input.phone) : undefined;
        if (existing) return existing;
        throw error;
      }
    }
  }

  return {
    requestSignInCode: (input: { phone: string; channel: OtpChannel; ip: string }) =>
      sendNewCode({ ...input, purpose: 'sign-in', userId: null }),

    /**
     * Signs in the account with this verified number, or makes a customer for a new number (its
     * name asked once). An e-mail that belongs to another account is refused: never merged.
     */
    async verifySignInCode(input: {
      phone: string;
      code: string;
      fullName?: string;
      email?: string;
      adult?: boolean;
      ip: string;
    }) {
      const checked = await checkCode({ ...input, purpose: 'sign-in', userId: null });
      const existing = await userByPhone(input.phone);
      if (existing?.role === 'admin') {
        // The code is used up: whoever holds the SIM learns nothing more by trying it again.
        await checked.spend();
        throw forbidden(STAFF_USE_PASSWORD);
      }
      if (!existing) {
        if (!input.fullName) {
          await checked.uncount();
          throw invalid(NAME_NEEDED, [{ path: 'fullName', message: 'Full name is required' }]);
        }
        // Decision 0063: an account is made only on the declaration of being 18 or older.
        if (input.adult !== true) {
          await checked.uncount();
          throw invalid(ADULT_REQUIRED, [{ path: 'adult', message: ADULT_REQUIRED }]);
        }
        if (input.email) {
          const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
          if (taken) {
            await checked.uncount();
            throw conflict(EMAIL_OF_ANOTHER_ACCOUNT);
          }
        }
      }
      if (!(await checked.spend())) throw unauthorized(CODE_EXPIRED);
      return (
        existing ??
        (await createCustomer({ phone: input.phone, fullName: input.fullName ?? '', email: input.email }))
      );
    },

    /**
     * Decision 0063: proves the signed-in account still holds its own number, for an account with
     * no password asked once more (erasing it). The code is one sent by requestAddPhoneCode to
     * that same number; answers false for a wrong code (its try counted).
     */
    async confirmOwnPhone(input: { userId: number; phone: string; code: string; ip: string }) {
      try {
        const checked = await checkCode({ ...input, purpose: 'add-phone' });
        return await checked.spend();
      } catch (error) {
        if (error instanceof AppError && error.kind === 'unauthorized') return false;
        throw error;
      }
    },

    requestAddPhoneCode: (input: { userId: number; phone: string; channel: OtpChannel; ip: string }) =>
      sendNewCode({ ...input, purpose: 'add-phone' }),

    /** Sets the signed-in account's verified number; a number of another account is refused. */
    async verifyAddPhoneCode(input: { userId: number; phone: string; code: string; ip: string }) {
      const checked = await checkCode({ ...input, purpose: 'add-phone' });
      const owner = await userByPhone(input.phone);
      if (owner && owner.id !== input.userId) {
        await checked.uncount();
        throw conflict(PHONE_OF_ANOTHER_ACCOUNT);
      }
      if (!(await checked.spend())) throw unauthorized(CODE_EXPIRED);
      try {
        await db
          .update(users)
          .set({ phone: input.phone, phoneVerifiedAt: clock.now() })
          .where(eq(users.id, input.userId));
      } catch (error) {
        if (violatedConstraint(error) === null) throw error;
        throw conflict(PHONE_OF_ANOTHER_ACCOUNT);
      }
    },
  };
}

export type PhoneSignIn = ReturnType<typeof createPhoneSignIn>;

/**
 * Decision 0055: deletes the one-time codes no longer of use. A code counts toward its number's and
 * requester's hourly allowance after it expires (decision 0032), so it goes once that hour is over
 * too. Answers how many went.
 */
export async function deleteSpentPhoneCodes(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(phoneCodes)
    .where(lt(phoneCodes.expiresAt, new Date(now.getTime() - CODE_ALLOWANCE.windowSeconds * 1000)))
    .returning({ id: phoneCodes.id });
  return deleted.length;
}
