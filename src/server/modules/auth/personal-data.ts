import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { phoneCodes, sessions, users } from './tables';

// Decision 0063: an account's own details, for its export, and its sign-ins, for its erasure.

export async function accountDetailsOf(db: Db, userId: number) {
  const [account] = await db
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
