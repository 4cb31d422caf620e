import { asc, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/staff-roles';
import type { Db, Tx } from '../../db/client';
import { userEmail } from '../../db/sql-helpers';
import { endSessionsOf } from './auth-service';
import { users } from './tables';

// The staff module's reads and writes of accounts (decision 0094): who is an admin, with which
// role (decision 0076), and the account an accepted invitation makes or takes over.

/** The account with this e-mail (in lower case): its id and role; undefined when none has it. */
export async function accountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row;
}

/** Every admin account, by e-mail. */
export async function staffAccounts(db: Db) {
  return db
    .select({ id: users.id, email: userEmail, fullName: users.fullName, staffRole: users.staffRole })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.email));
}

/** Every admin account, each row locked, so two owners demoting each other cannot both succeed. */
export async function lockStaffAccounts(tx: Tx) {
  return tx
    .select({ id: users.id, email: userEmail, staffRole: users.staffRole })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
}

/** A new staff role, or 'none': the account is a customer's again. */
export async function setStaffRole(tx: Tx, userId: number, staffRole: StaffRole | 'none'): Promise<void> {
  await tx
    .update(users)
    .set(staffRole === 'none' ? { role: 'customer' } : { staffRole })
    .where(eq(users.id, userId));
}

/**
 * Makes the invitee staff: their existing account (its sessions end and its number goes, to be
 * verified again) or a new one. Answers the account's id.
 */
export async function makeStaffAccount(
  tx: Tx,
  invite: { email: string; staffRole: StaffRole },
  account: { passwordHash: string; fullName: string },
  now: Date,
): Promise<number> {
  const fields = {
    role: 'admin' as const,
    staffRole: invite.staffRole,
    passwordHash: account.passwordHash,
    fullName: account.fullName,
  };
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, invite.email))
    .limit(1);
  if (existing) {
    await tx
      .update(users)
      .set({ ...fields, phone: null, phoneVerifiedAt: null })
      .where(eq(users.id, existing.id));
    await endSessionsOf(tx, existing.id, now);
    return existing.id;
  }
  const localPart = (invite.email.split('@')[0] ?? 'staff').replace(/[^a-z0-9._-]/g, '') || 'staff';
  // A username clash (someone else's local part) takes the next free numbered one.
  const [{ taken } = { taken: 0 }] = await tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.username} ~ ${`^${localPart.replace(/[.]/g, '\\.')}\\d*$`}`);
  const [created] = await tx
    .insert(users)
    .values({
      email: invite.email,
      username: taken === 0 ? localPart : `${localPart}${taken + 1}`,
      ...fields,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('Inserting a staff account returned no row');
  return created.id;
}
