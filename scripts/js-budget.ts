// The JavaScript budget: what the home page needs (the entry, its static imports and the
// home route with its own) at most 150 KB gzipped, and every other route at most 50 KB gzipped
// beyond what the entry already loaded. Measured on a production build and its manifest, written
// to a temporary folder so dist/web (possibly being served) is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildManifest, chunksOf } from '../src/server/http/route-preloads';

const root = path.resolve(import.meta.dirname, '..');
const pagesDir = 'src/web/pages/';

export const jsBudget = { homeKb: 150, routeKb: 50 };

// A page loads Zod (25.3 KB gzipped) only with a form it submits or an answer it checks, on first
// use: the words, limits and rules pages show come from the Zod-free modules beside the schemas
// (decision 0088). The product form came down from 53.1 to 24.2 KB when its checks loaded on first
// use (product-form-checks.ts), the admin order page from 67.0 to 42.3 KB when its panels did
// (order-detail-view.tsx), and six pages from up to 55.6 KB to 8.7-22.6 KB when Zod left them.

export type RouteWeight = { route: string; ownKb: number; beyondEntryKb: number };
export type JsBudgetReport = { entryKb: number; homeKb: number; routes: RouteWeight[] };

const kb = (bytes: number) => bytes / 1024;

export async function measureJsBudget(): Promise<JsBudgetReport> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'js-budget-'));
  try {
    const { build } = await import('vite');
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    return weighBuild(outDir);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The budget's figures of a production build already made in `outDir` (the journeys' dist/web). */
export function weighBuild(outDir: string): JsBudgetReport {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as BuildManifest & Record<string, { isDynamicEntry?: boolean }>;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const closure = (key: string, into?: Set<string>) => chunksOf(manifest, key, into);
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0);

  const entry = closure('index.html');
  const home = closure(`${pagesDir}home-page.tsx`, new Set(entry));
  const routes = Object.entries(manifest)
    .filter(
      // A page is a .tsx module; a form's checks beside it (a .ts loaded on first use) are not one.
      ([key, chunk]) =>
        chunk.isDynamicEntry &&
        key.startsWith(pagesDir) &&
        key.endsWith('.tsx') &&
        !key.endsWith('home-page.tsx'),
    )
    .map(([key, chunk]) => {
      const beyond = [...closure(key)].filter((file) => !entry.has(file));
      return {
        route: key.slice(pagesDir.length).replace(/\.tsx$/, ''),
        ownKb: kb(sizeOf(chunk.file)),
        beyondEntryKb: kb(total(beyond)),
      };
    })
    .sort((a, b) => b.beyondEntryKb - a.beyondEntryKb);
  return { entryKb: kb(total(entry)), homeKb: kb(total(home)), routes };
}

/** What is over its budget, in words; empty when every figure holds. */
export function overBudget(report: JsBudgetReport): string[] {
  return [
    ...(report.homeKb > jsBudget.homeKb
      ? [`home page ${report.homeKb.toFixed(1)} KB > ${jsBudget.homeKb} KB`]
      : []),
    ...report.routes
      .filter((route) => route.beyondEntryKb > jsBudget.routeKb)
      .map(
        (route) =>
          `${route.route} ${route.beyondEntryKb.toFixed(1)} KB beyond the entry > ${jsBudget.routeKb} KB`,
      ),
  ];
}

const mark = (ok: boolean) => (ok ? '' : ' ✗');

const rowsOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, row) =>
    items.slice(row * size, row * size + size),
  );

export function jsBudgetMarkdown(report: JsBudgetReport, date: string): string {
  return [
    '### JavaScript budget',
    '',
    `Measured ${date} from a production build (Vite manifest), gzip level 9. "Beyond the entry" is what opening the route downloads on top of the entry and its static imports. ✗ marks a figure over its budget.`,
    '',
    `Entry and its static imports ${report.entryKb.toFixed(1)} KB; home page (entry + home route) ${report.homeKb.toFixed(1)} KB${mark(report.homeKb <= jsBudget.homeKb)}, budget ≤ ${jsBudget.homeKb} KB.`,
    // Three routes a row, so that the recorded run stays short enough to read (docs/performance.md
    // is held to 300 lines by scripts/performance-doc.test.ts).
    `Each route: own chunk / beyond the entry, gzipped; budget ≤ ${jsBudget.routeKb} KB beyond the entry.`,
    '',
    '| route | own / beyond | route | own / beyond | route | own / beyond |',
    '|---|---:|---|---:|---|---:|',
    ...rowsOf(
      report.routes.map(
        (r) =>
          `${r.route} | ${r.ownKb.toFixed(1)} / ${r.beyondEntryKb.toFixed(1)} KB${mark(r.beyondEntryKb <= jsBudget.routeKb)}`,
      ),
      3,
    ).map((cells) => `| ${[...cells, ...Array<string>(3 - cells.length).fill(' | ')].join(' | ')} |`),
    '',
  ].join('\n');
}
