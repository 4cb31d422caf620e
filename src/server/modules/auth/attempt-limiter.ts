import { lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimits } from './tables';

/**
 * Counts attempts per key in a fixed window shared by every instance of the server (DESIGN 1:
 * nothing process-local for correctness).
 */
export type AttemptLimiter = {
  /** Seconds until the key may try again, or 0 when it still has attempts left. */
  waitSeconds(key: string): Promise<number>;
  /** Counts one attempt; answers the seconds to wait when the attempt is over the limit, else 0. */
  consume(key: string): Promise<number>;
  /** Attempts counted for the key in its current window (0 when none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
};

export type AttemptRule = { name: string; attempts: number; windowSeconds: number };

/**
 * Where the counters live: the database by default, Redis when REDIS_URL is set (DESIGN 1,
 * docs/decisions/0007). `prefix` keeps apart stores that share one Redis (tests, staging).
 */
export type LimiterStore =
  | { kind: 'database'; db: Db }
  | {
      kind: 'redis';
      client: Redis;
      prefix?: string;
      /** Counts here while Redis cannot be reached, so sign-in keeps working and stays limited. */
      fallbackDb?: Db;
    };

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createAttemptLimiter(store: LimiterStore, rule: AttemptRule): AttemptLimiter {
  const databaseLimiter = (db: Db) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: rule.name,
      points: rule.attempts,
      duration: rule.windowSeconds,
      // Expired rows are swept by sweepExpiredAttempts, which stops with the app.
      clearExpiredByTimeout: false,
    });
  const limiter =
    store.kind === 'redis'
      ? // Redis expires each counter with its window; INCR + EXPIRE run as one atomic step.
        new RateLimiterRedis({
          storeClient: store.client,
          keyPrefix: `${store.prefix ?? 'utsav:'}${rule.name}`,
          points: rule.attempts,
          duration: rule.windowSeconds,
          // Straight to the database while the connection is down, without even trying Redis
          // (decision 0053).
          rejectIfRedisNotReady: true,
          ...(store.fallbackDb ? { insuranceLimiter: databaseLimiter(store.fallbackDb) } : {}),
        })
      : databaseLimiter(store.db);
  return {
    async waitSeconds(key) {
      const state = await limiter.get(key);
      return state && state.remainingPoints <= 0 ? toSeconds(state.msBeforeNext) : 0;
    },
    async consume(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (error) {
        // The library rejects with its result object when the limit is already exceeded.
        if (error instanceof RateLimiterRes) return toSeconds(error.msBeforeNext);
        throw error;
      }
    },
    async count(key) {
      const state = await limiter.get(key);
      return state?.consumedPoints ?? 0;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** Removes counters whose window ended an hour ago or more; any instance may run it. */
export async function sweepExpiredAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - 60 * 60 * 1000)));
}

/**
 * Decision 0056: this process's memory of keys the shared store refused, until their wait ends,
 * so a flood's repeated requests are refused without a query each (the store stays the truth: a
 * key is remembered only after it refused it). At most `size` keys; the oldest go first.
 */
export function createRefusalMemo(size = 10_000, now: () => number = Date.now) {
  const until = new Map<string, number>();
  return {
    /** Seconds the key must still wait, or 0. */
    waitSeconds(key: string): number {
      const end = until.get(key);
      if (end === undefined) return 0;
      if (end <= now()) {
        until.delete(key);
        return 0;
      }
      return toSeconds(end - now());
    },
    remember(key: string, seconds: number) {
      if (until.size >= size) until.delete(until.keys().next().value ?? '');
      until.set(key, now() + seconds * 1000);
    },
  };
}
