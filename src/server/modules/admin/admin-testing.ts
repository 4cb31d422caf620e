import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerTestUser } from '../auth/test-accounts';
import { createOrPromoteAdmin } from './admin-accounts';

/** For the back office's tests: a registered account promoted the way admin:create does it. */
export async function registerTestAdmin(app: FastifyInstance, database: Database) {
  const account = await registerTestUser(app);
  await createOrPromoteAdmin(database.db, { email: account.user.email, password: account.password });
  return account;
}

/**
 * Every route of the app as METHOD and full path, read from Fastify's printed route tree (each
 * level is indented by four characters and holds the path segment after its parent's).
 */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    stack.length = depth;
    const url = `${stack.at(-1) ?? ''}${segment}`;
    stack.push(url);
    for (const method of (match[3] ?? '').split(',').map((part) => part.trim())) {
      if (method) found.push({ method, url });
    }
  }
  return found;
}
