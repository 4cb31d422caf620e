import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginPayload, RegisterPayload } from '../../../shared/auth';
import type { StaffRole } from '../../../shared/staff-roles';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { violatedConstraint } from '../../db/sql-helpers';
import { AppError, conflict, tooMany, unauthorized, waitInWords } from '../../errors';
import {
  type AttemptLimiter,
  type AttemptRule,
  createAttemptLimiter,
  createRefusalMemo,
  type LimiterStore,
} from './attempt-limiter';
import type { HashLane } from './hash-gate';
import { hashPassword, PASSWORD_COST, type PasswordCost, passwordHashing, verifyPassword } from './password';
import { createPhoneSignIn, type SendCode } from './phone-sign-in';
import { sessions, users } from './tables';

export type Role = 'customer' | 'admin';

/**
 * The signed-in user as routes see it (`request.user`); `staffRole` is what an admin may
 * do in the back office, null for a customer.
 */
export type AuthUser = {
  id: number;
  /** '' for an account made with a mobile number and no e-mail (decision 0032). */
  email: string;
  username: string;
  fullName: string;
  role: Role;
  staffRole: StaffRole | null;
  /** The verified mobile number (10 digits), or null. */
  phone: string | null;
  /**
   * Decision 0069: whether the account was here before this session began (a sign-in, or a
   * session kept from one); false on the visit that made it. Unknown where no session is in hand.
   */
  returning?: boolean;
};

// A session begun within this time of the account's making is the visit that made it.
const SAME_VISIT_MS = 60 * 1000;

const SESSION_DAYS = 30;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
export const USERNAME_TAKEN = 'This username is already taken. Please choose another one.';

/**
 * Login: every attempt for one account from one address is counted before the password
 * is checked, so a burst cannot outrun the limit, and a success clears that pair. Failures per
 * account and per address never refuse the right password: past their thresholds the answer is
 * slowed (account) or a wrong password is refused (address). Registration counts every attempt.
 */
export const AUTH_LIMITS = {
  loginPerAccountAndIp: { name: 'login-account-ip', attempts: 10, windowSeconds: 15 * 60 },
  /** Failures for one account from anywhere: beyond `attempts`, each answer waits longer. */
  loginAccountFailures: { name: 'login-account-failures', attempts: 10, windowSeconds: 15 * 60 },
  /** Failures from one address across accounts: beyond `attempts`, a wrong password gets 429. */
  loginIpFailures: { name: 'login-ip-failures', attempts: 30, windowSeconds: 15 * 60 },
  registerPerAccount: { name: 'register-account', attempts: 5, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register-ip', attempts: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

/**
 * Decision 0056: an address with this many failures in loginIpFailures' window is refused before
 * any hash, whatever the account; between loginIpFailures' threshold and this, its wrong passwords
 * are refused after the hash and the right one still signs in (a shared network).
 */
export const LOGIN_IP_REFUSED_BEFORE_HASH = 2 * AUTH_LIMITS.loginIpFailures.attempts;

/** The slow-down for failures beyond a threshold: 0.5 s, doubling, at most 8 s. */
export function floodDelayMs(failures: number, threshold: number): number {
  const over = failures - threshold;
  return over <= 0 ? 0 : Math.min(500 * 2 ** (over - 1), 8000);
}

/** Ends every session of an account still open, in the caller's transaction. */
export async function endSessionsOf(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** SHA-256 of the bearer token: the only form in which a token is stored. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type UserRow = typeof users.$inferSelect;
const toAuthUser = (
  row: Pick<UserRow, 'id' | 'email' | 'username' | 'fullName' | 'role' | 'staffRole' | 'phone'> & {
    createdAt?: Date;
  },
  sessionStartedAt?: Date,
): AuthUser => ({
  ...(row.createdAt && sessionStartedAt
    ? { returning: sessionStartedAt.getTime() - row.createdAt.getTime() > SAME_VISIT_MS }
    : {}),
  id: row.id,
  email: row.email ?? '',
  phone: row.phone,
  username: row.username,
  fullName: row.fullName,
  role: row.role,
  staffRole: row.role === 'admin' ? row.staffRole : null,
});

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  db,
  clock,
  limiterStore = { kind: 'database', db },
  passwordCost = PASSWORD_COST,
  verify = verifyPassword,
  sleep = (ms: number) => sleepFor(ms).then(() => undefined),
  sendCode = async () => {
    throw new Error('No messenger was given to send one-time codes');
  },
  publicHost,
  log = { error: () => undefined },
}: {
  db: Db;
  clock: Clock;
  limiterStore?: LimiterStore;
  passwordCost?: PasswordCost;
  /** Checks a password against a stored hash; tests observe how often it runs. */
  verify?: (password: string, storedHash: string, requester: string, lane: HashLane) => Promise<boolean>;
  /** Waits before answering a flooded account; tests record the waits instead. */
  sleep?: (ms: number) => Promise<void>;
  /** Sends one-time codes (app.messenger.send). */
  sendCode?: SendCode;
  publicHost?: string | undefined;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const limiter = (rule: AttemptRule): AttemptLimiter => createAttemptLimiter(limiterStore, rule);
  const loginPerAccountAndIp = limiter(AUTH_LIMITS.loginPerAccountAndIp);
  const loginAccountFailures = limiter(AUTH_LIMITS.loginAccountFailures);
  const loginIpFailures = limiter(AUTH_LIMITS.loginIpFailures);
  const registerPerAccount = limiter(AUTH_LIMITS.registerPerAccount);
  const registerPerIp = limiter(AUTH_LIMITS.registerPerIp);
  const refusedAddresses = createRefusalMemo();

  // A login for an unknown e-mail checks the password against this hash, so it takes as long as
  // a wrong password for a real account and the answer gives nothing away.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), passwordCost);

  /** A new session of `user`, and the user as that session sees them (decision 0069: returning). */
  async function startSession(user: UserRow): Promise<{ user: AuthUser; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const session = await db.transaction(async (tx) => {
      // Housekeeping: this user's sessions that ended are of no use to anyone.
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, now)));
      const [row] = await tx
        .insert(sessions)
        .values({
          userId: user.id,
          tokenHash: tokenHashOf(token),
          expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
        })
        .returning({ createdAt: sessions.createdAt });
      return row;
    });
    return { user: toAuthUser(user, session?.createdAt), token };
  }

  const phoneSignIn = createPhoneSignIn({ db, clock, limiterStore, passwordCost, sendCode, publicHost, log });

  return {
    /** A session for an account that just proved itself another way (a staff invitation's link). */
    async signInAccount(userId: number): Promise<{ user: AuthUser; token: string }> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      if (!row) throw unauthorized();
      return startSession(row);
    },

    requestSignInCode: phoneSignIn.requestSignInCode,

    /** POST /auth/otp/verify: a session like login's, for the number's account or a new one. */
    async verifySignInCode(input: Parameters<typeof phoneSignIn.verifySignInCode>[0]) {
      const row = await phoneSignIn.verifySignInCode(input);
      return startSession(row);
    },

    requestAddPhoneCode: phoneSignIn.requestAddPhoneCode,

    /** Adds a verified number to the signed-in account and answers the account as it now is. */
    async verifyAddPhoneCode(input: Parameters<typeof phoneSignIn.verifyAddPhoneCode>[0]): Promise<AuthUser> {
      await phoneSignIn.verifyAddPhoneCode(input);
      const [row] = await db.select().from(users).where(eq(users.id, input.userId));
      if (!row) throw unauthorized();
      return toAuthUser(row);
    },

    /**
     * Decision 0063: asks the signed-in account once more before an irreversible step: its password,
     * or for an account with none (made by phone), a code sent to its own number. False when wrong.
     */
    async confirmIdentity(input: { userId: number; password?: string; code?: string; ip: string }) {
      const [row] = await db
        .select({ passwordHash: users.passwordHash, phone: users.phone })
        .from(users)
        .where(eq(users.id, input.userId));
      if (!row) return false;
      if (row.passwordHash) {
        return input.password ? verify(input.password, row.passwordHash, input.ip, 'first') : false;
      }
      if (!row.phone || !input.code) return false;
      return phoneSignIn.confirmOwnPhone({
        userId: input.userId,
        phone: row.phone,
        code: input.code,
        ip: input.ip,
      });
    },

    async register(input: RegisterPayload, ip: string): Promise<{ user: AuthUser; token: string }> {
      const waits = await Promise.all([registerPerIp.consume(ip), registerPerAccount.consume(input.email)]);
      const wait = Math.max(...waits);
      if (wait > 0) {
        throw tooMany(`Too many sign-up attempts. Please try again in ${waitInWords(wait)}.`, wait);
      }

      const passwordHash = await hashPassword(input.password, passwordCost, ip);
      try {
        const [row] = await db
          .insert(users)
          .values({
            email: input.email,
            username: input.username,
            fullName: input.fullName,
            passwordHash,
            adultDeclaredAt: clock.now(),
          })
          .returning();
        if (!row) throw new Error('Inserting a user returned no row');
        return startSession(row);
      } catch (error) {
        const constraint = violatedConstraint(error);
        if (constraint === null) throw error;
        // The client retries a quick signup with a fresh username when `errors` names it.
        if (constraint.includes('username')) {
          throw new AppError('conflict', USERNAME_TAKEN, {
            errors: [{ path: 'username', message: USERNAME_TAKEN }],
          });
        }
        throw conflict(EMAIL_TAKEN);
      }
    },

    async login(input: LoginPayload, ip: string): Promise<{ user: AuthUser; token: string }> {
      const tooManyLogins = (wait: number) =>
        tooMany(`Too many login attempts. Please try again in ${waitInWords(wait)}.`, wait);
      // Decision 0056: a flood's repeated requests are refused before any query or hash.
      const remembered = refusedAddresses.waitSeconds(ip);
      if (remembered > 0) throw tooManyLogins(remembered);
      const busy = passwordHashing.refusal(ip);
      if (busy) throw busy;
      // Counted before the hash, in one atomic step, so concurrent guesses beyond the limit are
      // refused without checking them.
      const pair = `${input.email}|${ip}`;
      const wait = await loginPerAccountAndIp.consume(pair);
      if (wait > 0) throw tooManyLogins(wait);

      const [accountFailures, ipFailures, pairAttempts] = await Promise.all([
        loginAccountFailures.count(input.email),
        loginIpFailures.count(ip),
        loginPerAccountAndIp.count(pair),
      ]);
      // Decision 0056: past these thresholds a login is refused before any hash, so a flood
      // cannot spend the store's CPU: an address far past its failures, and an address that
      // already tried an account flooded from elsewhere (each address still gets one try).
      if (ipFailures >= LOGIN_IP_REFUSED_BEFORE_HASH)
        throw tooManyLogins(await loginIpFailures.waitSeconds(ip));
      const accountThreshold = AUTH_LIMITS.loginAccountFailures.attempts;
      if (accountFailures >= accountThreshold && pairAttempts > 1) {
        throw tooManyLogins(Math.max(1, await loginAccountFailures.waitSeconds(input.email)));
      }
      const delay = floodDelayMs(accountFailures, accountThreshold);
      if (delay > 0) await sleep(delay);

      const [row] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
      // Decision 0056: a known account's hash goes before an unknown e-mail's (whose existence
      // sign-up tells anyway), so a flood of made-up e-mails cannot keep the owner out.
      const matches = row?.passwordHash
        ? await verify(input.password, row.passwordHash, ip, 'first')
        : await verify(input.password, await dummyHash, ip, 'after');
      if (!row || !matches) {
        const [, ipWait] = await Promise.all([
          loginAccountFailures.consume(input.email),
          loginIpFailures.consume(ip),
        ]);
        // A shared network keeps signing in; only its repeated wrong passwords are refused.
        if (ipWait > 0) throw tooManyLogins(ipWait);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      // The owner proved themselves: their account is no longer "flooded" for their address.
      await Promise.all([loginPerAccountAndIp.reset(pair), loginAccountFailures.reset(input.email)]);
      return startSession(row);
    },

    /** The user and session behind a bearer token that is known, unexpired and not revoked. */
    async authenticate(token: string): Promise<{ user: AuthUser; sessionId: number } | null> {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          id: users.id,
          email: users.email,
          username: users.username,
          fullName: users.fullName,
          role: users.role,
          staffRole: users.staffRole,
          phone: users.phone,
          createdAt: users.createdAt,
          sessionStartedAt: sessions.createdAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHashOf(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return row ? { user: toAuthUser(row, row.sessionStartedAt), sessionId: row.sessionId } : null;
    },

    async logout(sessionId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
  };
}

/** Decision 0055: deletes the sessions that ended (expired or signed out). Answers how many went. */
export async function deleteEndedSessions(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return deleted.length;
}
