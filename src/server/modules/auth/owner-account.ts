import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword, PASSWORD_COST, type PasswordCost } from './password';
import { users } from './tables';

type AdminAccountInput = { email: string; password: string; name?: string | undefined };
type AdminAccountResult = { id: number; email: string; created: boolean };

const MIN_ADMIN_PASSWORD_LENGTH = 8;

/**
 * DESIGN 3: the first admin is made by `npm run admin:create` (owners invite the rest).
 * Creates the account as an owner, or promotes an existing one (its password is set to the given
 * one, so the operator knows it).
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: AdminAccountInput,
  passwordCost: PasswordCost = PASSWORD_COST,
): Promise<AdminAccountResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const passwordHash = await hashPassword(input.password, passwordCost);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        staffRole: 'owner',
        passwordHash,
        ...(input.name ? { fullName: input.name } : {}),
      })
      .where(eq(users.id, existing.id));
    return { id: existing.id, email, created: false };
  }
  const localPart = (email.split('@')[0] ?? 'admin').replace(/[^a-z0-9._-]/g, '') || 'admin';
  for (let attempt = 0; attempt < 20; attempt++) {
    const username = attempt === 0 ? localPart : `${localPart}${Math.floor(Math.random() * 10_000)}`;
    const [row] = await db
      .insert(users)
      .values({
        email,
        username,
        fullName: input.name?.trim() || localPart,
        passwordHash,
        role: 'admin',
        staffRole: 'owner',
      })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (row) return { id: row.id, email, created: true };
  }
  throw new Error('Could not find a free username for the admin');
}
