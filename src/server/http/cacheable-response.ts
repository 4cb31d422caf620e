import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedResponse, etagOf, type ResponseCache } from './response-cache';

/**
 * DESIGN 5: responses that do not depend on the user carry ETag and Cache-Control. Browsers and
 * CDNs keep a catalogue answer for a minute, then revalidate; an unchanged answer is a bodyless 304.
 */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // A compressing proxy may have weakened our tag (W/"…"); it still names the same body.
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

const acceptsGzip = (request: FastifyRequest) =>
  /(^|,)\s*gzip\s*(;\s*q=(0?\.\d*[1-9]\d*|1(\.0*)?))?\s*(,|$)/i.test(
    String(request.headers['accept-encoding'] ?? ''),
  );

type SendOptions = { contentType?: string; cacheControl?: string };

/** Sends a prepared body with its validators, or 304 when the client already has it. */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  { contentType = 'application/json; charset=utf-8', cacheControl = CATALOG_CACHE_CONTROL }: SendOptions = {},
) {
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

/**
 * The same for an answer kept in the response cache: a 304 or the body costs no database query,
 * and the gzip form is compressed once, not per request.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  { contentType = 'application/json; charset=utf-8', cacheControl = CATALOG_CACHE_CONTROL }: SendOptions = {},
) {
  reply.header('etag', entry.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type(contentType);
  if (entry.body.length >= 1024 && acceptsGzip(request)) {
    const compressed = await cache.gzipOf(key, entry);
    return reply.header('content-encoding', 'gzip').send(compressed);
  }
  return reply.send(entry.body);
}
