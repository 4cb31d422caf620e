import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCached } from './cacheable-response';
import { createResponseCache } from './response-cache';

/** The request's path and its validated query with sorted keys: what the answer depends on. */
function cacheKeyOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const query = (request.query ?? {}) as Record<string, unknown>;
  const known = Object.keys(query)
    .filter((name) => query[name] !== undefined)
    .sort()
    .map((name) => [name, query[name]]);
  return known.length > 0 ? `${path}?${JSON.stringify(known)}` : path;
}

/**
 * Answers of the GET calls that depend on the catalogue alone (its own and the collections'):
 * bodies are serialised once, so that the ETag names the exact bytes and a repeated request is
 * answered from memory, until the catalogue changes.
 */
export function createCatalogAnswers(app: FastifyInstance) {
  const responses = createResponseCache({ ttlMs: 10_000, maxBytes: 32 * 1024 * 1024 });
  const stopListening = app.catalog.onChange(() => responses.clear());
  app.addHook('onClose', async () => stopListening());

  /**
   * The answer for this request from the cache, or from `load` (a 404 is thrown, never cached).
   * Keyed on the path and the parsed, validated query (unknown parameters dropped, keys sorted),
   * so a junk parameter cannot make every request a miss. `beforeLoad` runs on a miss only.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<unknown>,
    beforeLoad?: () => Promise<void>,
  ) {
    const key = cacheKeyOf(request);
    // A change made on another instance drops this instance's answers first.
    await app.catalog.sync();
    let entry = responses.get(key);
    // Says whether the answer came from memory (tests and operators see the cache work).
    reply.header('x-answer-cache', entry ? 'hit' : 'miss');
    if (!entry) {
      await beforeLoad?.();
      entry = responses.set(key, JSON.stringify(await load()));
    }
    return sendCached(request, reply, responses, key, entry);
  }

  return answer;
}
