import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '../../shared/api/auth';
import type { StaffRole } from '../../shared/staff-roles';
import type { Database } from '../db/client';
import { sandboxMessages, users } from '../db/schema';
import { createOrPromoteAdmin } from '../modules/admin';
import { TEST_PASSWORD_COST } from './test-app';

export type TestAccount = Awaited<ReturnType<typeof registerTestUser>>;

let counter = 0;

/**
 * Registers a fresh customer through the API and answers its token and
 * an Authorization header. Each call comes from its own IP address, so tests never trip the
 * per-IP sign-up limit.
 */
export async function registerTestUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; username: string; fullName: string }> = {},
) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  const payload = {
    email: `shopper-${unique}@example.com`,
    password: 'festive-secret',
    username: `shopper${unique}`,
    fullName: 'Test Shopper',
    adult: true,
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
    remoteAddress: `198.51.100.${counter % 250}`,
  });
  if (response.statusCode !== 201) {
    throw new Error(`Registering a test user failed with ${response.statusCode}: ${response.body}`);
  }
  const { user, token } = response.json<AuthResponse>();
  return { user, token, password: payload.password, headers: { authorization: `Bearer ${token}` } };
}

/** A registered account promoted the way admin:create does it. */
export async function registerTestAdmin(app: FastifyInstance, database: Database): Promise<TestAccount> {
  const account = await registerTestUser(app);
  await createOrPromoteAdmin(
    database.db,
    { email: account.user.email, password: account.password },
    TEST_PASSWORD_COST,
  );
  return account;
}

/** An admin with the given staff role (owners are what admin:create makes). */
export async function registerTestStaff(
  app: FastifyInstance,
  database: Database,
  staffRole: StaffRole,
): Promise<TestAccount> {
  const account = await registerTestAdmin(app, database);
  await database.db.update(users).set({ staffRole }).where(eq(users.id, account.user.id));
  return account;
}

/** The one-time code the messaging sandbox "sent" to `phone` last, as a shopper reads it. */
export async function lastSandboxCode(database: Database, phone: string): Promise<string> {
  const [message] = await database.db
    .select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.recipient, phone))
    .orderBy(desc(sandboxMessages.id))
    .limit(1);
  if (!message?.params[0]) throw new Error(`No code was sent to ${phone}`);
  return message.params[0];
}

let phoneIpCounter = 0;
/**
 * Verifies `phone` on a signed-in account the way the address form does it (a one-time code sent
 * to it comes back): order news by phone goes only to such a number (decision 0054).
 */
export async function verifyTestPhone(
  app: FastifyInstance,
  database: Database,
  account: Pick<TestAccount, 'headers'>,
  phone: string,
): Promise<void> {
  phoneIpCounter += 1;
  // Each from its own address, so tests never meet the per-address code allowance.
  const remoteAddress = `198.18.${Math.floor(phoneIpCounter / 250) % 250}.${(phoneIpCounter % 250) + 1}`;
  const asked = await app.inject({
    method: 'POST',
    url: '/api/auth/phone/request',
    headers: account.headers,
    payload: { phone },
    remoteAddress,
  });
  if (asked.statusCode !== 200)
    throw new Error(`phone/request failed with ${asked.statusCode}: ${asked.body}`);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/account/phone',
    headers: account.headers,
    payload: { phone, code: await lastSandboxCode(database, phone) },
    remoteAddress,
  });
  if (verified.statusCode !== 200) {
    throw new Error(`account/phone failed with ${verified.statusCode}: ${verified.body}`);
  }
}
