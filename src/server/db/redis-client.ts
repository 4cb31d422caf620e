import type { Redis } from 'ioredis';
import { createOutageLog, type WarnLogger } from '../outage-log';

/**
 * The Redis connection behind shared counters when REDIS_URL is set (DESIGN 1). Redis is an aid,
 * not a dependency: while it is away every command fails at once (no offline queue, a short
 * command timeout), the counters fall back to the database (auth/attempt-limiter.ts), /api/ready
 * stays 200, and the outage is logged once a minute (decision 0053).
 */
export type RedisConnection = {
  client: Redis;
  /** True when Redis answers PING. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** How long a command may wait for Redis (a live one answers in a millisecond or two). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export async function openRedis(url: string, log: WarnLogger): Promise<RedisConnection> {
  // Loaded only when REDIS_URL is set: a single-instance store never pays for it at start-up.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    // Queued commands made a login wait 8-12 s for Redis before the database took over.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnects forever, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const outage = createOutageLog(() => log, {
    what: 'Redis',
    meanwhile: 'rate limits count in the database meanwhile',
  });
  client.on('error', (error) => outage.failed(error));
  client.on('ready', () => outage.recovered());
  // Without the offline queue a command sent before the first connection is made would fail, so
  // the store starts once Redis answers, or once it is known to be away (then degraded).
  await new Promise<void>((resolve) => {
    client.once('ready', resolve);
    client.once('error', () => resolve());
  });
  return {
    client,
    ping: async () => {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
