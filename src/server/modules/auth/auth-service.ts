import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { LoginPayload, RegisterPayload } from '../../../shared/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { violatedConstraint } from '../../db/sql-helpers';
import { AppError, conflict, tooMany, unauthorized } from '../../errors';
import {
  type AttemptLimiter,
  type AttemptRule,
  createAttemptLimiter,
  type LimiterStore,
} from './attempt-limiter';
import { hashPassword, PASSWORD_COST, type PasswordCost, verifyPassword } from './password';

export type Role = 'customer' | 'admin';

/** The signed-in user as routes see it (`request.user`). */
export type AuthUser = { id: number; email: string; username: string; fullName: string; role: Role };

const SESSION_DAYS = 30;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
export const USERNAME_TAKEN = 'This username is already taken. Please choose another one.';

/**
 * Login counts failures only (a shopper who types the right password is never slowed down);
 * registration counts every attempt. Per IP the limits allow a shared office or mobile network.
 */
export const AUTH_LIMITS = {
  loginPerAccount: { name: 'login-account', attempts: 10, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login-ip', attempts: 30, windowSeconds: 15 * 60 },
  registerPerAccount: { name: 'register-account', attempts: 5, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register-ip', attempts: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

/** SHA-256 of the bearer token: the only form in which a token is stored. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type UserRow = typeof users.$inferSelect;
const toAuthUser = (row: Pick<UserRow, 'id' | 'email' | 'username' | 'fullName' | 'role'>): AuthUser => ({
  id: row.id,
  email: row.email,
  username: row.username,
  fullName: row.fullName,
  role: row.role,
});

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  db,
  clock,
  limiterStore = { kind: 'database', db },
  passwordCost = PASSWORD_COST,
}: {
  db: Db;
  clock: Clock;
  limiterStore?: LimiterStore;
  passwordCost?: PasswordCost;
}) {
  const limiter = (rule: AttemptRule): AttemptLimiter => createAttemptLimiter(limiterStore, rule);
  const loginPerAccount = limiter(AUTH_LIMITS.loginPerAccount);
  const loginPerIp = limiter(AUTH_LIMITS.loginPerIp);
  const registerPerAccount = limiter(AUTH_LIMITS.registerPerAccount);
  const registerPerIp = limiter(AUTH_LIMITS.registerPerIp);

  // A login for an unknown e-mail checks the password against this hash, so it takes as long as
  // a wrong password for a real account and the answer gives nothing away.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), passwordCost);

  async function startSession(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Housekeeping: this user's sessions that ended are of no use to anyone.
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
      await tx.insert(sessions).values({
        userId,
        tokenHash: tokenHashOf(token),
        expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
      });
    });
    return token;
  }

  return {
    async register(input: RegisterPayload, ip: string): Promise<{ user: AuthUser; token: string }> {
      const waits = await Promise.all([registerPerIp.consume(ip), registerPerAccount.consume(input.email)]);
      const wait = Math.max(...waits);
      if (wait > 0) {
        throw tooMany(`Too many sign-up attempts. Please try again in ${waitText(wait)}.`, wait);
      }

      const passwordHash = await hashPassword(input.password, passwordCost);
      try {
        const [row] = await db
          .insert(users)
          .values({ email: input.email, username: input.username, fullName: input.fullName, passwordHash })
          .returning();
        if (!row) throw new Error('Inserting a user returned no row');
        return { user: toAuthUser(row), token: await startSession(row.id) };
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
      const wait = Math.max(await loginPerIp.waitSeconds(ip), await loginPerAccount.waitSeconds(input.email));
      if (wait > 0) {
        throw tooMany(`Too many login attempts. Please try again in ${waitText(wait)}.`, wait);
      }

      const [row] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
      const matches = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash));
      if (!row || !matches) {
        await Promise.all([loginPerIp.consume(ip), loginPerAccount.consume(input.email)]);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await loginPerAccount.reset(input.email);
      return { user: toAuthUser(row), token: await startSession(row.id) };
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
      return row ? { user: toAuthUser(row), sessionId: row.sessionId } : null;
    },

    async logout(sessionId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
  };
}
