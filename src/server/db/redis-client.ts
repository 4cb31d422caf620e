import type { Redis } from 'ioredis';

/**
 * The Redis connection behind shared counters when REDIS_URL is set (DESIGN 1). Commands fail
 * fast while Redis is away instead of queueing without bound, so a request answers an error and
 * /api/ready reports it, rather than hanging.
 */
export type RedisConnection = {
  client: Redis;
  /** True when Redis answers PING. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export async function openRedis(url: string): Promise<RedisConnection> {
  // Loaded only when REDIS_URL is set: a single-instance store never pays for it at start-up.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnects forever, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // A dropped connection is logged by the readiness probe's answer, never an uncaught error.
  client.on('error', () => {});
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
