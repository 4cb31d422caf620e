import { describe, expect, it } from 'vitest';
import { createSearchGate, type Release } from './search-allowance';

const limits = { running: 2, runningPerAddress: 1, waiting: 2, waitingPerAddress: 1 };

describe('the search gate', () => {
  it('runs at most its running searches, queues up to its waiting ones, and refuses past them', async () => {
    const gate = createSearchGate(limits);
    const first = gate.enter('a');
    const second = gate.enter('b');
    const third = gate.enter('c');
    const fourth = gate.enter('d');
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    expect(gate.enter('e')).toBeNull();

    let thirdRuns = false;
    void third?.then(() => {
      thirdRuns = true;
    });
    await Promise.resolve();
    expect(thirdRuns).toBe(false);
    // The first to finish hands its place to the longest waiting; a second release does nothing.
    const releaseFirst = (await first) as Release;
    releaseFirst();
    releaseFirst();
    const releaseThird = (await third) as Release;
    expect(thirdRuns).toBe(true);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    releaseThird();
    ((await fourth) as Release)();
    ((await second) as Release)();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("runs one address's searches up to its share, so another address's search runs past its queue", async () => {
    const gate = createSearchGate(limits);
    const own = gate.enter('carrier');
    const queued = gate.enter('carrier');
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });
    expect(gate.enter('carrier')).toBeNull();
    // The other address runs at once, though the carrier's search waited first.
    const neighbour = gate.enter('neighbour');
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    ((await neighbour) as Release)();
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });
    ((await own) as Release)();
    ((await queued) as Release)();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
