import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { AppError, type FieldError, statusOfKind, unavailable } from '../errors';

/** Decision 0053: what a shopper reads while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The store cannot take requests just now. Please try again in a minute.';
/** The same for an outside service whose client let a network failure through unwrapped. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'A service the store relies on did not answer. Please try again in a minute.';

/**
 * A failure to reach something outside this process, as the one AppError kind for it: fetch's
 * network failures and timeouts, and the database's (connection-errors.ts). Anything else stays
 * unknown (a 500).
 */
function asUnavailable(error: unknown, noteDatabaseOutage: (error: unknown) => void): AppError | null {
  if (!(error instanceof Error)) return null;
  // fetch rejects a refused or dropped connection as this TypeError, and AbortSignal.timeout as a
  // TimeoutError; checked first, so a courier's refused connection is not taken for the database.
  if ((error instanceof TypeError && error.message === 'fetch failed') || error.name === 'TimeoutError') {
    return unavailable(SERVICE_UNAVAILABLE_MESSAGE);
  }
  if (isDatabaseUnreachable(error)) {
    noteDatabaseOutage(error);
    return unavailable(DATABASE_UNAVAILABLE_MESSAGE, 10);
  }
  return null;
}

/**
 * DESIGN 5: 400 answers `{ message, errors: [{ path, message }] }`; every error body carries the
 * request id; a 5xx never leaks its cause.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const requestId = request.id;
    const error = asUnavailable(thrown, (cause) => app.database?.unreachable(cause)) ?? thrown;

    if (error instanceof AppError) {
      const status = statusOfKind[error.kind];
      if (error.details.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      }
      return reply.code(status).send({
        message: error.message,
        ...(error.details.errors ? { errors: error.details.errors } : {}),
        requestId,
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors, requestId });
    }

    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) keep their
      // status with a readable message.
      return reply.code(status).send({ message: clientErrorMessage(error, status), requestId });
    }

    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again.', requestId });
  });
}

function clientErrorMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large';
  if (status === 415) return 'Send the request as JSON';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The request body is not valid JSON';
  }
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  return error.message || 'Invalid request';
}
