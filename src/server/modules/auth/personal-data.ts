import { eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { phoneCodes, sessions, users } from './tables';

// Decision 0063: an account's own details, for its export, and its sign-ins, for its erasure.

/** The account's own details; its invoices name their buyer from them too (invoices module). */
export async function accountDetailsOf(runner: Queryable, userId: number) {
  const [account] = await runner
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      username: users.username,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      gstin: users.gstin,
      legalName: users.legalName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account ?? null;
}

/** Every session of the account goes (each device is signed out). */
export async function eraseSessionsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** The one-time codes sent to the account's number go. */
export async function erasePhoneCodesTo(tx: Tx, phone: string): Promise<void> {
  await tx.delete(phoneCodes).where(eq(phoneCodes.phone, phone));
}

/** Decision 0063 (DPDP Act s.12): the name the shopper corrected; invoices issued keep theirs. */
export async function correctFullName(runner: Queryable, userId: number, fullName: string): Promise<void> {
  await runner.update(users).set({ fullName }).where(eq(users.id, userId));
}

/**
 * Decision 0075: the account's e-mail and when it was erased, its row locked for the change of
 * its e-mail; null when no such account.
 */
export async function lockEmailOf(tx: Tx, userId: number) {
  const [account] = await tx
    .select({ email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return account ?? null;
}

/** Decision 0075: the account's new e-mail; the unique violation is thrown when another has it. */
export async function setEmailOf(tx: Tx, userId: number, email: string): Promise<void> {
  await tx.update(users).set({ email }).where(eq(users.id, userId));
}

/**
 * Decision 0063: everything on the account's row that names or reaches the shopper goes; the row
 * stays, erased, as the owner of the orders and invoices tax law keeps.
 */
export async function eraseAccountDetailsOf(
  tx: Tx,
  userId: number,
  erased: { fullName: string; at: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      email: null,
      username: `erased-${userId}`,
      fullName: erased.fullName,
      passwordHash: null,
      phone: null,
      phoneVerifiedAt: null,
      gstin: null,
      legalName: null,
      deletedAt: erased.at,
    })
    .where(eq(users.id, userId));
}
