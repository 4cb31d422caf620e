// Who may search, and when the store searches no more (docs/decisions/0058-search-bounded-by-the-page.md):
// every search (the listing's and the header's suggestions) passes here once, on the API and on
// server-rendered pages alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, tooMany, waitInWords } from '../../errors';

/**
 * Searches a minute per client address. Indian carriers put many phones behind one public IPv4
 * address (carrier-grade NAT): fifty shoppers there, each searching every ten seconds with the
 * header's suggestions while typing (about three a search), make 1,200. What one client can take
 * of the CPU is bounded by the searches in flight below, not by this count.
 */
export const SEARCHES_PER_MINUTE = 1_200;

/** How much search work one process takes on at once (decision 0058 gives the measurements). */
export type SearchGateLimits = {
  /** Searches running at once. */
  running: number;
  /** Searches of one address running at once: its share of the work, whatever it sends. */
  runningPerAddress: number;
  /** Searches waiting for a place; past them the store is saturated (503). */
  waiting: number;
  /** Searches of one address waiting: a burst from a carrier's address waits, a flood is refused. */
  waitingPerAddress: number;
};

export const SEARCH_GATE_LIMITS: SearchGateLimits = {
  running: 4,
  runningPerAddress: 2,
  waiting: 64,
  waitingPerAddress: 16,
};

/** A saturated store asks the browser to come back this soon: a search takes milliseconds. */
const BUSY_RETRY_SECONDS = 1;

/** Ends one admitted search's hold on the gate (a second call does nothing). */
export type Release = () => void;

/**
 * Searches in flight in this process, per address and in all. CPU is this process's, so the
 * count is too (unlike the per-minute allowance, shared by every instance).
 */
export type SearchGate = {
  /** Resolves once the search may run; null at once when the address or the store has no room. */
  enter(address: string): Promise<Release> | null;
  /** Searches running and waiting now. */
  load(): { running: number; waiting: number };
};

export function createSearchGate(limits: SearchGateLimits = SEARCH_GATE_LIMITS): SearchGate {
  let running = 0;
  const runningOf = new Map<string, number>();
  const waiters: { address: string; start: () => void }[] = [];
  const add = (counts: Map<string, number>, address: string, change: number) => {
    const next = (counts.get(address) ?? 0) + change;
    if (next > 0) counts.set(address, next);
    else counts.delete(address);
  };
  const waitingOf = (address: string) => waiters.filter((waiter) => waiter.address === address).length;
  const mayRun = (address: string) =>
    running < limits.running && (runningOf.get(address) ?? 0) < limits.runningPerAddress;

  function start(address: string): Release {
    running += 1;
    add(runningOf, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      add(runningOf, address, -1);
      // The longest waiting search whose address is under its share takes the place.
      const next = waiters.findIndex((waiter) => mayRun(waiter.address));
      if (next >= 0) waiters.splice(next, 1)[0]?.start();
    };
  }

  return {
    enter(address) {
      if (mayRun(address)) return Promise.resolve(start(address));
      if (waiters.length >= limits.waiting || waitingOf(address) >= limits.waitingPerAddress) return null;
      return new Promise<Release>((resolve) =>
        waiters.push({ address, start: () => resolve(start(address)) }),
      );
    },
    load: () => ({ running, waiting: waiters.length }),
  };
}

/** Counts an address's attempts in a window shared by every instance (auth's attempt limiter). */
type MinuteAllowance = { consume(key: string): Promise<number> };

export type SearchAllowance = {
  /**
   * Admits one search from `address`: 503 with Retry-After when the store's search work is
   * saturated or the address already has its share in flight, 429 with Retry-After past the
   * per-minute allowance. The caller releases once the answer is worked out.
   */
  admit(address: string): Promise<Release>;
  gate: SearchGate;
};

export function createSearchAllowance(
  perMinute: MinuteAllowance,
  gate = createSearchGate(),
): SearchAllowance {
  return {
    gate,
    async admit(address) {
      const entering = gate.enter(address);
      if (!entering) {
        throw new AppError(
          'unavailable',
          'The store is busy with other searches. Please try again in a second.',
          {
            retryAfterSeconds: BUSY_RETRY_SECONDS,
          },
        );
      }
      const release = await entering;
      try {
        const wait = await perMinute.consume(address);
        if (wait > 0) throw tooMany(`Too many searches. Please try again in ${waitInWords(wait)}.`, wait);
        return release;
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

/**
 * A large listing (up to 1000 products, SPEC 9) that is not in the answer cache costs a query and
 * about 400 KB of JSON, so each address has an allowance of those too; cached answers are free
 * (decision 0057).
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

/**
 * A server-rendered search page runs the API's search, so it is admitted like one (decision
 * 0057), and holds its place in the search work until its answer has gone.
 */
export async function admitSearchPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const release = await app.searchAllowance.admit(request.ip);
  reply.raw.once('close', release);
}
