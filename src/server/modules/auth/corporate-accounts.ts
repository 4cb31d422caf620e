import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from './tables';

// Decision 0081: a business account (one with a GSTIN, which its holder gives in My Account) that
// the owner approved as a corporate buyer sends the owner's corporate number of gift links a day.

export type BusinessAccount = {
  email: string | null;
  gstin: string | null;
  legalName: string | null;
  corporateApprovedAt: Date | null;
};

const businessColumns = {
  email: users.email,
  gstin: users.gstin,
  legalName: users.legalName,
  corporateApprovedAt: users.corporateApprovedAt,
};

/** A customer's business details and the owner's approval; null when no such customer. */
export async function businessAccountOf(runner: Queryable, userId: number): Promise<BusinessAccount | null> {
  const [row] = await runner
    .select(businessColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'customer')));
  return row ?? null;
}

/** The same, its row locked for the owner's change in the caller's transaction. */
export async function lockBusinessAccount(tx: Tx, userId: number): Promise<BusinessAccount | null> {
  const [row] = await tx
    .select(businessColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'customer')))
    .for('update');
  return row ?? null;
}

/** The owner's approval (`at`) or its withdrawal (null), in the caller's transaction. */
export async function setCorporateApproval(tx: Tx, userId: number, at: Date | null): Promise<void> {
  await tx.update(users).set({ corporateApprovedAt: at }).where(eq(users.id, userId));
}

/** Whether the account is an approved corporate buyer now: approved, and its GSTIN still kept. */
export const isCorporateBuyer = (account: Pick<BusinessAccount, 'gstin' | 'corporateApprovedAt'>) =>
  account.corporateApprovedAt !== null && account.gstin !== null;
