/**
 * A parser of stored data that needs Zod, loaded on first use so that Zod stays out of the entry
 * (docs/performance.md "JavaScript budget"). main.tsx loads the parsers before the first render when
 * storage holds something for them, so the stores still read storage synchronously at start.
 */
export type LazyParser<T> = {
  /** The parser, once loaded. */
  readonly current: ((raw: string) => T) | undefined;
  load(): Promise<(raw: string) => T>;
};

export function lazyParser<T>(importParser: () => Promise<(raw: string) => T>): LazyParser<T> {
  let current: ((raw: string) => T) | undefined;
  let loading: Promise<(raw: string) => T> | undefined;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= importParser().then(
        (parser) => {
          current = parser;
          return parser;
        },
        (error: unknown) => {
          // A chunk that failed to download (offline) is asked for again next time.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** A parser at hand from the start (tests). */
export const loadedParser = <T>(parse: (raw: string) => T): LazyParser<T> => ({
  current: parse,
  load: async () => parse,
});
