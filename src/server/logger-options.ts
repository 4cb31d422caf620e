import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

/**
 * A failed statement's error (Drizzle's) says its bound values in its message and stack: a password
 * hash, a shopper's address and phone. The log keeps the statement, with its placeholders, and the
 * database's own error (its cause), never the values.
 */
export function withoutBoundValues(error: Error): Error {
  const cause = error.cause instanceof Error ? withoutBoundValues(error.cause) : error.cause;
  if (!(error instanceof DrizzleQueryError) && cause === error.cause) return error;
  const message = error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  const safe = new Error(message, { cause });
  safe.name = error instanceof DrizzleQueryError ? 'DrizzleQueryError' : error.name;
  safe.stack = error.stack?.replace(error.message, message);
  return safe;
}

/** The store's log (Fastify's pino): no credentials, and no statement's values (above). */
export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      err: (error: unknown) =>
        stdSerializers.err((error instanceof Error ? withoutBoundValues(error) : error) as Error),
    },
  };
}
