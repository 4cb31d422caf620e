// `npx tsx scripts/measure-search.ts --data-dir DIR | --database-url URL [--profile DIR]`: what one
// search of each line of the crowd (scripts/bench-crowd.ts) costs the catalogue service, in this
// process and without HTTP, one search at a time: CPU ms per search (process.cpuUsage, all
// threads: the embedded database's work included) and wall-clock p50/p99, answered by the SQL
// buckets and by the postings held in memory. With --profile, a V8 CPU profile of each line and
// way is written there. Decision 0074 records what it measured.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { createCatalogCache } from '../src/server/modules/catalog/catalog-cache';
import { listProducts } from '../src/server/modules/catalog/catalog-reads';
import type { CatalogReader } from '../src/server/modules/catalog/catalog-rows';
import { prepareSearchIndex } from '../src/server/modules/catalog/search-text';
import { catalogCollections } from '../src/server/modules/collections';
import { createSearchPostings } from '../src/server/modules/search/search-postings';
import { ProductListQuery } from '../src/shared/api/catalog';
import { crowdTargets } from './bench-crowd';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    profile: { type: 'string' },
    searches: { type: 'string', default: '400' },
  },
});
if (!args['data-dir'] && !args['database-url']) {
  console.error('Usage: tsx scripts/measure-search.ts --data-dir DIR | --database-url URL [--profile DIR]');
  process.exit(1);
}

const database = await openDatabase({
  url: args['database-url'],
  dataDir: args['data-dir'] && path.join(args['data-dir'], 'pglite'),
});
await prepareSearchIndex(database.db, catalogCollections(database.db));
const cache = () => createCatalogCache({ ttlMs: 600_000, maxEntries: 1000 });
const postings = createSearchPostings(database.db);
const readStarted = performance.now();
const cpuBeforeRead = process.cpuUsage();
await postings.ready();
const readCpu = process.cpuUsage(cpuBeforeRead);
console.log(
  `postings read in ${Math.round(performance.now() - readStarted)} ms (CPU ${Math.round((readCpu.user + readCpu.system) / 1000)} ms), heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
);
const ways: [string, CatalogReader][] = [
  ['SQL buckets', { db: database.db, cache: cache() }],
  ['postings in memory', { db: database.db, cache: cache(), postings }],
];
const perLine = Number(args.searches);
const { targets, warmup } = await crowdTargets(database.db);

const queryOf = (url: string) =>
  ProductListQuery.parse(Object.fromEntries(new URL(url, 'http://store').searchParams));

async function run(reader: CatalogReader, urls: string[]) {
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (const url of urls) {
    const started = performance.now();
    await listProducts(reader, queryOf(url));
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
  return {
    cpuMsPerSearch: (cpu.user + cpu.system) / 1000 / urls.length,
    p50: at(0.5),
    p99: at(0.99),
  };
}

for (const [, reader] of ways)
  await run(reader, warmup.filter((url) => url.includes('search=')).slice(0, 300));
const session = new Session();
session.connect();
if (args.profile) {
  fs.mkdirSync(args.profile, { recursive: true });
  await session.post('Profiler.enable');
}
console.log(`load average ${os.loadavg()[0]?.toFixed(1)}`);
console.log(
  '| line | answered by | searches | CPU ms a search | p50 ms | p99 ms |\n|---|---|---:|---:|---:|---:|',
);
// A sorted search is not a relevance search: measured apart (the common word's line holds both).
const lines = targets
  .filter((line) => line.paths[0]?.includes('search='))
  .flatMap((line) => [
    { name: line.name, paths: line.paths.filter((url) => !url.includes('sort=')) },
    { name: `${line.name}, sorted`, paths: line.paths.filter((url) => url.includes('sort=')) },
  ])
  .filter((line) => line.paths.length > 0);
for (const target of lines) {
  const urls = target.paths.slice(0, perLine);
  for (const [way, reader] of ways) {
    if (args.profile) await session.post('Profiler.start');
    const figures = await run(reader, urls);
    if (args.profile) {
      const { profile } = await session.post('Profiler.stop');
      const name = `${target.name}-${way}`.replace(/\W+/g, '-');
      fs.writeFileSync(path.join(args.profile, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    console.log(
      `| ${target.name} | ${way} | ${urls.length} | ${figures.cpuMsPerSearch.toFixed(2)} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} |`,
    );
  }
}
session.disconnect();
await postings.close();
await database.close();
