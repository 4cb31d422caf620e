import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** A strong ETag of the exact bytes sent, so every instance gives the same tag for the same body. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** A serialised catalogue answer: the body, its ETag and, once asked for, its gzip form. */
export type CachedResponse = {
  body: string;
  readonly etag: string;
  gzip?: Promise<Buffer>;
  gzipBytes?: number;
  storedAt: number;
};

/**
 * Recently sent catalogue answers by URL, so a popular listing is served without touching the
 * database, serialising or compressing again. Cleared on every catalogue change made through the
 * service; `ttlMs` bounds how long a change made elsewhere (another instance, a stock change by
 * an order) can go unseen. It is shorter than the max-age browsers are told to keep the answer.
 */
export function createResponseCache({
  ttlMs,
  maxBytes,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}) {
  const entries = new Map<string, CachedResponse>();
  let bytes = 0;

  const sizeOf = (entry: CachedResponse) => entry.body.length * 2 + (entry.gzipBytes ?? 0);

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  }

  function evict() {
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(key);
    }
  }

  return {
    get(key: string): CachedResponse | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > ttlMs) {
        remove(key);
        return undefined;
      }
      return entry;
    },
    set(key: string, body: string): CachedResponse {
      remove(key);
      // Hashed when first sent: rendered pages, kept here too, are sent without one.
      let etag: string | undefined;
      const entry: CachedResponse = {
        body,
        get etag() {
          etag ??= etagOf(body);
          return etag;
        },
        storedAt: now(),
      };
      if (sizeOf(entry) > maxBytes / 4) return entry;
      entries.set(key, entry);
      bytes += sizeOf(entry);
      evict();
      return entry;
    },
    /**
     * The gzip form of a cached body, compressed once, in the thread pool so that the event loop
     * keeps serving other requests meanwhile.
     */
    gzipOf(key: string, entry: CachedResponse): Promise<Buffer> {
      if (entry.gzip) return entry.gzip;
      const compressed = gzip(entry.body);
      entry.gzip = compressed;
      compressed.then(
        (buffer) => {
          if (entries.get(key) !== entry) return;
          entry.gzipBytes = buffer.length;
          bytes += buffer.length;
          evict();
        },
        () => {
          entry.gzip = undefined;
        },
      );
      return compressed;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
