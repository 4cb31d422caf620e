import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canUseRoute } from '../../../shared/staff-roles';
import { forbidden, unauthorized } from '../../errors';
import { sweepExpiredAttempts } from './attempt-limiter';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

// 32 random bytes in base64url are 43 characters; anything far off is not one of our tokens.
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i;

/**
 * Installed on the root instance (not encapsulated) so every module's routes can use
 * `preHandler: app.requireUser`.
 */
export function installAuth(app: FastifyInstance) {
  const { auth } = app;
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
  // Every admin route is checked here against the one role map (shared/staff-roles.ts);
  // a route missing from it is the owner's alone.
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await identify(request, true);
    if (request.user.role !== 'admin') throw forbidden();
    if (!canUseRoute(request.user.staffRole, request.method, request.routeOptions.url ?? '')) {
      throw forbidden('Your staff role does not include this part of the back office');
    }
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
