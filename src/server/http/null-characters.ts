import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors';

export const NULL_CHARACTER_MESSAGE = 'Text must not contain the null character (U+0000)';

/**
 * The dotted path of the first string (or key) holding U+0000 in a parsed request part, or null.
 * Iterative, so a deeply nested body cannot overflow the stack; raw bodies (a webhook's signed
 * bytes) are not text and are skipped.
 */
export function nullCharacterPath(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push([item, at(path, String(index))]);
      });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return at(path, key);
        pending.push([item, at(path, key)]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text (nor PGlite), so a request carrying it in its body, query
 * or path would fail at the database with a 500; no shopper types it. Refused before any route's
 * validation, for every route, with the field it was found in, and nothing changes.
 */
export function refuseNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nullCharacterPath(part);
      if (path !== null) throw invalid(NULL_CHARACTER_MESSAGE, [{ path, message: NULL_CHARACTER_MESSAGE }]);
    }
  });
}
