/**
 * Decision 0053: the failures that mean "the database cannot be reached just now", whichever layer
 * reports them (the socket, pg's pool and client, PostgreSQL itself, or Drizzle wrapping any of
 * them as the cause). The error handler answers them 503 with Retry-After, never 500.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// PostgreSQL's SQLSTATEs: 08 connection exceptions, shutting down or starting (57P01-57P03),
// too many connections (53300), and a statement cancelled by statement_timeout (57014).
const SERVER_STATES = /^(08...|57P0[123]|53300|57014)$/;

const CLIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.test(code))) return true;
    if (CLIENT_MESSAGES.test(cause.message)) return true;
    // Node reports a name with several addresses (localhost) as one AggregateError.
    if (cause instanceof AggregateError && cause.errors.some((inner) => isDatabaseUnreachable(inner))) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}
