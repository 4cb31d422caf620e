import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { userEmail } from '../../db/sql-helpers';
import { users } from './tables';

// What other modules ask of an account (decision 0094), in their own transaction.

/** Locks the account's row, so that changes of its other rows (its addresses) run one at a time. */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * The account's name, e-mail and mobile, and whether the mobile is verified; null when no such
 * account.
 */
export async function contactOf(runner: Queryable, userId: number) {
  const [account] = await runner
    .select({
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      verified: users.phoneVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account ?? null;
}

/**
 * The accounts' names (full name, username, and when the account was erased) and e-mails (an empty
 * e-mail when none), by id; an id of no account is left out.
 */
export async function accountNamesOf(
  runner: Queryable,
  userIds: readonly number[],
): Promise<Map<number, { fullName: string; username: string; deletedAt: Date | null; email: string }>> {
  if (userIds.length === 0) return new Map();
  const accounts = await runner
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      deletedAt: users.deletedAt,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(accounts.map(({ id, email, ...names }) => [id, { ...names, email: email ?? '' }]));
}

/**
 * The accounts an address reaches: those with this e-mail (in lower case), or with this mobile
 * verified.
 */
export async function accountsReachedAt(
  runner: Queryable,
  channel: string,
  address: string,
): Promise<number[]> {
  const owners = await runner
    .select({ id: users.id })
    .from(users)
    .where(
      channel === 'email'
        ? sql`lower(${users.email}) = ${address}`
        : and(eq(users.phone, address), isNotNull(users.phoneVerifiedAt)),
    );
  return owners.map((owner) => owner.id);
}

/** The name and e-mail ('' for an account made with a mobile number alone) a mail is addressed with. */
export async function mailContactOf(runner: Queryable, userId: number) {
  const [account] = await runner
    .select({ email: userEmail, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return account ?? null;
}

/** The account whose e-mail is exactly this one: its id, e-mail and name; null when none. */
export async function accountWithEmail(runner: Queryable, email: string) {
  const [account] = await runner
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.email, email));
  return account ?? null;
}

/**
 * What the account page checks before a shopper changes their account (decision 0063): its
 * e-mail and mobile, its role, whether it signs in with a password, when it was erased.
 */
export async function accountStandingOf(runner: Queryable, userId: number) {
  const [account] = await runner
    .select({
      email: users.email,
      phone: users.phone,
      role: users.role,
      passwordHash: users.passwordHash,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const { passwordHash, ...standing } = account;
  return { ...standing, hasPassword: Boolean(passwordHash) };
}

/** Whether an account other than `userId` has this e-mail (in lower case). */
export async function emailUsedByOther(runner: Queryable, email: string, userId: number): Promise<boolean> {
  const [other] = await runner
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
  return other !== undefined;
}
