import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooMany, waitInWords } from '../../errors';

/**
 * A search costs far more than a listing, so each address has its own allowance (issue 21), the
 * same for the API's searches and suggestions and the server-rendered search pages, which run the
 * same search.
 */
export async function allowSearch(app: FastifyInstance, request: FastifyRequest) {
  const wait = await app.searchLimiter.consume(request.ip);
  if (wait > 0) throw tooMany(`Too many searches. Please try again in ${waitInWords(wait)}.`, wait);
}

/**
 * A large listing (up to 1000 products, SPEC 9) that is not in the answer cache costs a query and
 * about 400 KB of JSON, so each address has an allowance of those too; cached answers are free.
 */
export async function allowLargeListing(app: FastifyInstance, request: FastifyRequest) {
  const wait = await app.largeListingLimiter.consume(request.ip);
  if (wait > 0) throw tooMany(`Too many requests. Please try again in ${waitInWords(wait)}.`, wait);
}

const LISTING_PAGE = /^\/(products|category\/[^/]+)\/?$/;

/** A server-rendered listing page with a search in its address (`/products?search=...`). */
export function isSearchPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const [path = '', query = ''] = request.url.split('?');
  if (!LISTING_PAGE.test(path)) return false;
  return (new URLSearchParams(query).get('search') ?? '').trim() !== '';
}
