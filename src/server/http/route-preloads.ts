import fs from 'node:fs';
import path from 'node:path';

/** The part of Vite's build manifest (`build.manifest`) that says which chunks load which. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/** The chunk files a manifest entry needs before it runs: its own and its static imports'. */
export function chunksOf(manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

// The pages shoppers and crawlers land on, with the page module src/web/router.tsx loads for each.
const landingPages: [RegExp, string][] = [
  [/^\/$/, 'home-page'],
  [/^\/(products|category\/[^/]+)\/?$/, 'products-page'],
  [/^\/product\/[^/]+\/?$/, 'product-page'],
  [/^\/collections\/?$/, 'collections-page'],
  [/^\/collection\/[^/]+\/?$/, 'collection-page'],
  [/^\/categories\/?$/, 'categories-page'],
  // The policy pages, server-rendered too (paths in src/shared/policy-pages.ts).
  [/^\/policies\/returns\/?$/, 'returns-policy-page'],
  [/^\/policies\/shipping\/?$/, 'shipping-policy-page'],
  [/^\/policies\/terms\/?$/, 'terms-page'],
  [/^\/policies\/privacy\/?$/, 'privacy-page'],
  [/^\/contact\/?$/, 'contact-page'],
];

// Most pages load through a table of their chunks (src/web/router.tsx), which the app needs before
// it can load the page: the back office's and the storefront's other pages'. Which pages a table
// holds, its manifest entry says (its dynamic imports).
const pageTables: [RegExp, string][] = [
  [/^\/admin(\/|$)/, 'src/web/admin-routes.ts'],
  [/^\//, 'src/web/storefront-routes.ts'],
];

/**
 * The app loads a page's chunk only after its entry has downloaded and run, one more round trip
 * before anything shows (Lighthouse's LCP on slow 4G). The server knows the page from the
 * URL, so the HTML names that chunk and its imports and the browser fetches them with the entry,
 * with the table of chunks the app looks the page up in where it loads through one; for another
 * page, that table.
 * Returns the `<link rel="modulepreload">` tags for a path ('' without a manifest).
 */
export function createRoutePreloads(distDir: string): (requestPath: string) => string {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BuildManifest;
  const entry = chunksOf(manifest, 'index.html');
  const preloadsOf = (key: string) =>
    [...chunksOf(manifest, key)]
      .filter((file) => !entry.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  const tableTags = new Map(pageTables.map(([, table]) => [table, preloadsOf(table)]));
  const tableOf = new Map(
    pageTables.flatMap(([, table]) => (manifest[table]?.dynamicImports ?? []).map((page) => [page, table])),
  );
  const tags = new Map(
    landingPages.map(([, page]) => {
      const key = `src/web/pages/${page}.tsx`;
      const table = tableOf.get(key);
      return [page, (table ? (tableTags.get(table) ?? '') : '') + preloadsOf(key)];
    }),
  );
  return (requestPath) => {
    const page = landingPages.find(([pattern]) => pattern.test(requestPath))?.[1];
    if (page) return tags.get(page) ?? '';
    const table = pageTables.find(([pattern]) => pattern.test(requestPath))?.[1];
    return table ? (tableTags.get(table) ?? '') : '';
  };
}
