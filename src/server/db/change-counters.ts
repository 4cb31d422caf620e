/**
 * How an instance learns that what it caches (catalogue answers, rendered pages, the owner's
 * settings) has changed. On PostgreSQL other instances write too, so before answering from a cache
 * a reader looks at a version kept in the database (decisions 36 and 37). The embedded database
 * belongs to one process, so every change to it is made here and is counted here, in memory: a
 * cached answer then costs no query, where the looks had cut the embedded store's repeated pages
 * and answers to a tenth.
 */
export type ChangeCounters = {
  /** How many changes of this kind this process has announced. */
  count(kind: string): number;
  /** Announces a change of this kind, after it is committed. */
  bump(kind: string): void;
};

export function createChangeCounters(): ChangeCounters {
  const counts = new Map<string, number>();
  return {
    count: (kind) => counts.get(kind) ?? 0,
    bump: (kind) => {
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    },
  };
}
