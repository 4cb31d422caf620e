/** Time comes in as a dependency so tests can set it (same-day cut-off, order expiry). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
