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

/** Hashes for known accounts go first; the rest (unknown e-mails' dummy hash) after them. */
export type HashLane = 'first' | 'after';

type Waiting = { start: () => void; refuse: () => void };

/**
 * Decision 0056: at most `concurrent` password hashes (scrypt) run at once in this process, so
 * they never take all of libuv's threads (UV_THREADPOOL_SIZE, 4 by default) from file and database
 * I/O. The rest wait in a small queue, known accounts' hashes before unknown e-mails'; a requester that already holds `perRequester`
 * places (running or waiting) does not queue, so one address's flood leaves room for everyone else.
 * A hash that waits too long, finds the queue full or its requester's share taken is refused with
 * 503 and Retry-After, before any work.
 */
export function createHashGate(limits: HashGateLimits) {
  let running = 0;
  let peakRunning = 0;
  const lanes: Record<HashLane, Waiting[]> = { first: [], after: [] };
  const waitingCount = () => lanes.first.length + lanes.after.length;
  const held = new Map<string, number>();
  const busy = () =>
    new AppError('unavailable', HASHING_BUSY, { retryAfterSeconds: limits.retryAfterSeconds });

  const begin = () => {
    running += 1;
    peakRunning = Math.max(peakRunning, running);
  };

  const waitForTurn = (key: string | undefined, lane: HashLane) =>
    new Promise<void>((resolve, reject) => {
      if (running < limits.concurrent) {
        begin();
        resolve();
        return;
      }
      if (key !== undefined && (held.get(key) ?? 0) > limits.perRequester) {
        reject(busy());
        return;
      }
      if (waitingCount() >= limits.queued) {
        // A full queue makes room for the first lane by refusing the newest of the later one.
        const displaced = lane === 'first' ? lanes.after.pop() : undefined;
        if (!displaced) {
          reject(busy());
          return;
        }
        displaced.refuse();
      }
      const waiting: Waiting = {
        start: () => {
          clearTimeout(timer);
          begin();
          resolve();
        },
        refuse: () => {
          clearTimeout(timer);
          reject(busy());
        },
      };
      const timer = setTimeout(() => {
        const queue = lanes[lane];
        queue.splice(queue.indexOf(waiting), 1);
        reject(busy());
      }, limits.waitMs);
      lanes[lane].push(waiting);
    });

  return {
    /** The refusal a hash for this requester would get now, before any other work is done. */
    refusal(requester: string): AppError | null {
      if (running < limits.concurrent) return null;
      // A full queue may still make room for a known account's hash, so only the share counts.
      return (held.get(requester) ?? 0) >= limits.perRequester ? busy() : null;
    },
    async run<Result>(
      work: () => Promise<Result>,
      requester?: string,
      lane: HashLane = 'first',
    ): Promise<Result> {
      const key = requester ?? '';
      held.set(key, (held.get(key) ?? 0) + 1);
      try {
        await waitForTurn(requester, lane);
        try {
          return await work();
        } finally {
          running -= 1;
          (lanes.first.shift() ?? lanes.after.shift())?.start();
        }
      } finally {
        const left = (held.get(key) ?? 1) - 1;
        if (left === 0) held.delete(key);
        else held.set(key, left);
      }
    },
    /** What runs and waits now, and the most that ever ran at once (tests, /metrics). */
    load: () => ({ running, waiting: waitingCount(), peakRunning }),
  };
}

export type HashGate = ReturnType<typeof createHashGate>;
