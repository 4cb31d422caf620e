import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../errors';
import { type LimiterStore, sweepExpiredAttempts } from './attempt-limiter';
import { type AuthService, type AuthUser, createAuthService } from './auth-service';
import type { PasswordCost } from './password';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** Where every rate limit counts attempts: Redis when configured, else the database. */
    limiterStore: LimiterStore;
    /** preHandler: 401 without a valid bearer token; sets request.user. */
    requireUser: PreHandler;
    /** preHandler: sets request.currentUser when a valid token comes, never refuses. */
    optionalUser: PreHandler;
    /** preHandler: like requireUser, and 403 for anyone who is not an admin. */
    requireAdmin: PreHandler;
  }
  interface FastifyRequest {
    /** The signed-in user behind requireUser; reading it on a route without it answers 401. */
    readonly user: AuthUser;
    /** The signed-in user, or null when none (set by requireUser and optionalUser). */
    currentUser: AuthUser | null;
    /** The session the request's token belongs to (logout revokes it). */
    sessionId: number | null;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

// 32 random bytes in base64url are 43 characters; anything far off is not one of our tokens.
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i;

/**
 * Installed on the root instance (not encapsulated) so every module's routes can use
 * `preHandler: app.requireUser`.
 */
export function installAuth(app: FastifyInstance, { passwordCost }: { passwordCost?: PasswordCost } = {}) {
  const limiterStore: LimiterStore = app.redis
    ? { kind: 'redis', client: app.redis.client, prefix: app.config.REDIS_KEY_PREFIX, fallbackDb: app.db }
    : { kind: 'database', db: app.db };
  app.decorate<LimiterStore>('limiterStore', limiterStore);
  const auth = createAuthService({ db: app.db, clock: app.clock, limiterStore, passwordCost });
  app.decorate('auth', auth);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      if (!this.currentUser) throw unauthorized();
      return this.currentUser;
    },
  });

  async function identify(request: FastifyRequest, required: boolean) {
    const header = request.headers.authorization;
    if (!header) {
      if (required) throw unauthorized();
      return;
    }
    const token = BEARER.exec(header)?.[1];
    const found = token ? await auth.authenticate(token) : null;
    if (!found) {
      if (required) throw unauthorized(SESSION_EXPIRED);
      return;
    }
    request.currentUser = found.user;
    request.sessionId = found.sessionId;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => identify(request, true));
  app.decorate('optionalUser', async (request: FastifyRequest) => identify(request, false));
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await identify(request, true);
    if (request.user.role !== 'admin') throw forbidden();
  });

  // Old rate-limit counters are swept now and then; every instance may do it, the delete is idempotent.
  const sweep = setInterval(
    () => {
      sweepExpiredAttempts(app.db, app.clock.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sweeping rate-limit counters failed'),
      );
    },
    10 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
