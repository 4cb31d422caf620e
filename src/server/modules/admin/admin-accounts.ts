import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword, PASSWORD_COST, type PasswordCost } from '../auth';
import { users } from '../auth/tables';

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

/** The file a running store keeps in DATA_DIR while it has the embedded database open. */
const RUNNING_STORE_FILE = 'store.pid';

export function writeRunningStoreFile(dataDir: string): () => void {
  const file = path.join(dataDir, RUNNING_STORE_FILE);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The pid of a store that is running on this data folder, or null (a stale file is ignored). */
export function runningStorePid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, RUNNING_STORE_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
