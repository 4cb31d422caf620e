import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { createHashGate, HASHING_BUSY, type HashGate } from './hash-gate';

const limits = { concurrent: 2, queued: 3, perRequester: 2, waitMs: 60_000, retryAfterSeconds: 5 };

/** Work that runs until the test lets it finish. */
function heldWork() {
  const releases: (() => void)[] = [];
  let started = 0;
  const work = () =>
    new Promise<string>((resolve) => {
      started += 1;
      releases.push(() => resolve('hashed'));
    });
  return {
    work,
    started: () => started,
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

/** Lets every hash finish, the waiting ones as they start. */
async function drain(gate: HashGate, held: ReturnType<typeof heldWork>) {
  while (gate.load().running > 0) {
    held.releaseAll();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the hashing gate', () => {
  it('runs at most 2 at once, queues 3, and refuses the rest at once with 503 and Retry-After', async () => {
    const gate = createHashGate(limits);
    const held = heldWork();
    const outcomes = Array.from({ length: 8 }, (_, index) =>
      gate.run(held.work, `198.51.100.${index}`).catch((error: unknown) => error),
    );
    await Promise.resolve();
    expect(held.started()).toBe(2);
    expect(gate.load()).toMatchObject({ running: 2, waiting: 3 });
    await drain(gate, held);
    const settled = await Promise.all(outcomes);
    expect(settled.filter((outcome) => outcome === 'hashed')).toHaveLength(5);
    const refused = settled.filter((outcome) => outcome instanceof AppError) as AppError[];
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error.kind).toBe('unavailable');
      expect(error.message).toBe(HASHING_BUSY);
      expect(error.details.retryAfterSeconds).toBe(5);
    }
    expect(gate.load().peakRunning).toBe(2);
  });

  it("keeps one address's flood to its share, leaving a place for another address", async () => {
    const gate = createHashGate(limits);
    const held = heldWork();
    const flood = Array.from({ length: 5 }, () =>
      gate.run(held.work, '203.0.113.9').catch((error: unknown) => error),
    );
    const owner = gate.run(held.work, '192.0.2.1');
    await Promise.resolve();
    expect(gate.load()).toMatchObject({ running: 2, waiting: 1 });
    await drain(gate, held);
    expect(await owner).toBe('hashed');
    const settled = await Promise.all(flood);
    expect(settled.filter((outcome) => outcome instanceof AppError)).toHaveLength(3);
  });

  it("puts a known account's hash before unknown e-mails', making room in a full queue", async () => {
    const gate = createHashGate({ ...limits, perRequester: 100 });
    const held = heldWork();
    const order: string[] = [];
    const tracked = (name: string) => async () => {
      const result = await held.work();
      order.push(name);
      return result;
    };
    const unknown = Array.from({ length: 5 }, (_, index) =>
      gate.run(tracked(`unknown-${index}`), '203.0.113.9', 'after').catch((error: unknown) => error),
    );
    const owner = gate.run(tracked('owner'), '192.0.2.1', 'first');
    await Promise.resolve();
    expect(gate.load()).toMatchObject({ running: 2, waiting: 3 });
    await drain(gate, held);
    expect(await owner).toBe('hashed');
    // The two running finish first; the owner's then runs before the unknown e-mails still waiting.
    expect(order.slice(0, 3).sort()).toEqual(['owner', 'unknown-0', 'unknown-1']);
    expect(order.indexOf('owner')).toBeLessThan(order.indexOf('unknown-2'));
    // The newest unknown e-mail gave the owner its place.
    expect(await unknown[4]).toBeInstanceOf(AppError);
  });

  it('refuses a hash that waited past its time', async () => {
    const gate = createHashGate({ ...limits, waitMs: 10 });
    const held = heldWork();
    const running = [gate.run(held.work), gate.run(held.work)];
    await expect(gate.run(held.work)).rejects.toMatchObject({ kind: 'unavailable' });
    held.releaseAll();
    await Promise.all(running);
  });
});
