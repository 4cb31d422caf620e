// The CPU a crowd of different product pages or listing pages costs the serving process, line by
// line, without the rest of the bench: for finding where a page's CPU goes (`--profile DIR` writes
// V8's CPU profile of the measured part) and comparing code before and after on a loaded machine,
// where CPU per answer moves far less than req/s. The URLs are the bench's own crowd
// (scripts/bench-crowd.ts), so the figures compare with `npm run bench -- --crowd`.
//
//   npx tsx scripts/measure-pages.ts --data-dir /tmp/big [--database-url postgres://...]
//     --line product|listing (both by default) --count 4000 --warmup 3000 --profile /tmp/prof
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { crowdTargets } from './bench-crowd';
import { log, startStore, stopStore } from './bench-server';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    line: { type: 'string', multiple: true },
    count: { type: 'string', default: '4000' },
    warmup: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'string' },
  },
});
const dataDir = args['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
const databaseUrl = args['database-url'];
const count = Number(args.count);
const warmupCount = Number(args.warmup);
const lines = args.line ?? ['product', 'listing'];

function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function send(
  baseUrl: string,
  paths: string[],
): Promise<{ answers: number; errors: number; p99: number }> {
  let sent = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${baseUrl}${paths[0]}`,
        connections: Number(args.connections),
        amount: paths.length,
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              const index = sent++;
              return {
                ...request,
                path: paths[index % paths.length],
                headers: {
                  ...request.headers,
                  'x-forwarded-for': `203.0.${(index >> 8) & 255}.${index & 255}`,
                },
              };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
  });
  return {
    answers: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    p99: result.latency.p99,
  };
}

const database = await openDatabase({
  dataDir: `${dataDir}/pglite`,
  ...(databaseUrl ? { url: databaseUrl } : {}),
});
const crowd = await crowdTargets(database.db);
await database.close();
const byName = (name: string) => crowd.targets.find((target) => target.name.startsWith(name))?.paths ?? [];
const measured: Record<string, string[]> = {
  product: byName('product page').slice(0, count),
  listing: byName('listing').slice(0, count),
};
// The warm-up's own URLs: product pages between the measured ones and listing pages 41-50.
const warmupPaths = crowd.warmup.filter((path) => !path.includes('search=')).slice(0, warmupCount);

const env: Record<string, string> = {
  DATA_DIR: dataDir,
  TRUST_PROXY: '1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...(args.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args.profile}` } : {}),
};
if (args.profile) fs.mkdirSync(args.profile, { recursive: true });
const store = await startStore(env);
const pid = store.child.pid;
if (pid === undefined) throw new Error('the store has no pid');
try {
  log(`warming up with ${warmupPaths.length} other URLs`);
  await send(store.baseUrl, warmupPaths);
  for (const line of lines) {
    const paths = measured[line];
    if (!paths || paths.length === 0) throw new Error(`no URLs for the line ${line}`);
    // The profile covers the measured line only: started and stopped through the inspector's
    // signal would add its own CPU, so the profile run is separate from the figures' run.
    const load = os.loadavg()[0] ?? 0;
    const before = cpuMsOf(pid);
    const started = performance.now();
    const result = await send(store.baseUrl, paths);
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = cpuMsOf(pid) - before;
    log(
      `${line}: ${result.answers} answers, ${(result.answers / seconds).toFixed(0)}/s, p99 ${result.p99} ms, ` +
        `CPU ${(cpuMs / result.answers).toFixed(3)} ms an answer, errors ${result.errors}, load ${load.toFixed(1)}`,
    );
  }
} finally {
  await stopStore(store);
}
