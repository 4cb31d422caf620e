/** A build `npm start` needs: the web app (dist/web, dist/ssr) or the server (dist/server). */
export type BuildName = 'web app' | 'server';

/** The builds that are missing or older than their sources (all of them when FORCE_BUILD=1). */
export function staleBuilds(): BuildName[];

/** Builds what is stale with Vite's builder; nothing when every build is fresh. */
export function buildIfStale(): Promise<void>;
