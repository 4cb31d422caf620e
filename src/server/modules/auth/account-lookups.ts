import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from './tables';

// What other modules ask of an account (decision 0094), in their own transaction.

/** Locks the account's row, so that changes of its other rows (its addresses) run one at a time. */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The account's e-mail and mobile, and whether the mobile is verified; null when no such account. */
export async function contactOf(runner: Queryable, userId: number) {
  const [account] = await runner
    .select({ email: users.email, phone: users.phone, verified: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return account ?? null;
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
