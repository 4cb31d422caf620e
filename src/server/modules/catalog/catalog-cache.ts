/**
 * An in-memory cache of derived catalogue figures (vocabulary, totals per filter, search matches,
 * category counts). Every catalogue change made through the service clears it at once. A value
 * older than `ttlMs` is still answered while a fresh one loads in the background, so no shopper
 * waits for a recount; `ttlMs` bounds how long another instance's change (or a stock change made
 * by an order) goes unseen.
 */
export type CatalogCache = {
  /** The cached value, or the loader's (one load at a time per key). */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

export function createCatalogCache({
  ttlMs,
  maxEntries,
  maxStaleMs = 10 * 60_000,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxEntries: number;
  /** Past this age a value is not answered at all, only reloaded. */
  maxStaleMs?: number;
  now?: () => number;
}): CatalogCache {
  const entries = new Map<string, { value: unknown; loadedAt: number }>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;

  function store(key: string, value: unknown) {
    entries.delete(key);
    entries.set(key, { value, loadedAt: now() });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  function load<T>(key: string, loader: () => Promise<T>): Promise<T> {
    const pending = loading.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const startedIn = generation;
    const promise: Promise<T> = loader()
      .then((value) => {
        // A change during the load may have made the value stale: use it once, keep nothing.
        if (startedIn === generation) store(key, value);
        return value;
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key);
      });
    loading.set(key, promise);
    return promise;
  }

  return {
    remember<T>(key: string, loader: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      const age = entry ? now() - entry.loadedAt : Number.POSITIVE_INFINITY;
      if (!entry || age > maxStaleMs) return load(key, loader);
      // Map keeps insertion order: re-inserting marks the entry as recently used.
      entries.delete(key);
      entries.set(key, entry);
      if (age > ttlMs) {
        // Refresh in the background; a failed refresh keeps the old value for the next try.
        load(key, loader).catch(() => {});
      }
      return Promise.resolve(entry.value as T);
    },
    clear() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}
