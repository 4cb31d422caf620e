import { AppError } from '../../errors';

export type HashGateLimits = {
  /** Hashes running at once. */
  concurrent: number;
  /** Hashes waiting at once; past it a new one is refused. */
  queued: number;
  /** Hashes one requester (an address) may have running or waiting at once. */
  perRequester: number;
  /** How long a hash may wait for its turn before it is refused. */
  waitMs: number;
  /** What a refused request is told to wait (the Retry-After header). */
  retryAfterSeconds: number;
};

export const HASHING_BUSY = 'The store is very busy signing people in. Please try again in a few seconds.';

type Waiting = { start: () => void };

/**
 * Decision 0052: at most `concurrent` password hashes (scrypt) run at once in this process, so
 * they never take all of libuv's threads (UV_THREADPOOL_SIZE, 4 by default) from file and database
 * I/O. The rest wait in a small queue, in turn; a requester that already holds `perRequester`
 * places (running or waiting) does not queue, so one address's flood leaves room for everyone else.
 * A hash that waits too long, finds the queue full or its requester's share taken is refused with
 * 503 and Retry-After, before any work.
 */
export function createHashGate(limits: HashGateLimits) {
  let running = 0;
  let peakRunning = 0;
  const queue: Waiting[] = [];
  const held = new Map<string, number>();
  const busy = () =>
    new AppError('unavailable', HASHING_BUSY, { retryAfterSeconds: limits.retryAfterSeconds });

  const begin = () => {
    running += 1;
    peakRunning = Math.max(peakRunning, running);
  };

  const waitForTurn = (key: string | undefined) =>
    new Promise<void>((resolve, reject) => {
      if (running < limits.concurrent) {
        begin();
        resolve();
        return;
      }
      if (
        queue.length >= limits.queued ||
        (key !== undefined && (held.get(key) ?? 0) > limits.perRequester)
      ) {
        reject(busy());
        return;
      }
      const waiting: Waiting = {
        start: () => {
          clearTimeout(timer);
          begin();
          resolve();
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiting), 1);
        reject(busy());
      }, limits.waitMs);
      queue.push(waiting);
    });

  return {
    /** The refusal a hash for this requester would get now, before any other work is done. */
    refusal(requester: string): AppError | null {
      if (running < limits.concurrent) return null;
      const full = queue.length >= limits.queued || (held.get(requester) ?? 0) >= limits.perRequester;
      return full ? busy() : null;
    },
    async run<Result>(work: () => Promise<Result>, requester?: string): Promise<Result> {
      const key = requester ?? '';
      held.set(key, (held.get(key) ?? 0) + 1);
      try {
        await waitForTurn(requester);
        try {
          return await work();
        } finally {
          running -= 1;
          queue.shift()?.start();
        }
      } finally {
        const left = (held.get(key) ?? 1) - 1;
        if (left === 0) held.delete(key);
        else held.set(key, left);
      }
    },
    /** What runs and waits now, and the most that ever ran at once (tests, /metrics). */
    load: () => ({ running, waiting: queue.length, peakRunning }),
  };
}

export type HashGate = ReturnType<typeof createHashGate>;
