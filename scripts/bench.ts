// `npm run bench`: measures start-up and the store's hot URLs, and records the figures in
// docs/performance.md. Absolute req/s on a shared 2-core machine swings by ±30 %, so each URL is
// also given as a ratio to /api/health measured in the same run.
//
//   npm run bench                                   fresh embedded store, demo catalogue
//   npm run bench -- --data-dir /tmp/big            an existing data folder (e.g. 100,000 products)
//   npm run bench -- --database-url postgres://...  PostgreSQL (seeded first if empty)
//   options: --duration 10 --connections 10 --label "embedded, 100k" --skip-startup --no-write
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed/index';
import { createProgressReporter } from '../src/server/progress';
import { benchTargets } from './bench-targets';
import { freePort } from './store-process';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    label: { type: 'string' },
    'skip-startup': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});

const duration = Number(args.duration);
const connections = Number(args.connections);

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

type Server = { child: ChildProcess; baseUrl: string; startedInMs: number };

async function startStore(env: Record<string, string>, script = 'src/server/main.ts'): Promise<Server> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npx', ['tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The store exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { child, baseUrl, startedInMs: Date.now() - started };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error('The store did not start within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopStore(server: Server) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

type Measurement = {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
};

async function measure(name: string, url: string): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    url,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

async function main() {
  const dataDir = args['data-dir']
    ? path.resolve(args['data-dir'])
    : fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const databaseUrl = args['database-url'];
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const startup: string[] = [];

  if (!args['skip-startup'] && !args['data-dir'] && !databaseUrl) {
    log('Timing the first start (build, migrate, seed) on a fresh data folder...');
    const first = await startStore({ ...env, FORCE_WEB_BUILD: '1' }, 'scripts/start.ts');
    await stopStore(first);
    log(`  first start: ${(first.startedInMs / 1000).toFixed(1)} s`);
    const again = await startStore(env, 'scripts/start.ts');
    await stopStore(again);
    log(`  restart: ${(again.startedInMs / 1000).toFixed(1)} s`);
    startup.push(
      `| first \`npm start\` (build, migrate, seed) | ${(first.startedInMs / 1000).toFixed(1)} s | ≤ 60 s |`,
      `| restart on the same data | ${(again.startedInMs / 1000).toFixed(1)} s | ≤ 5 s |`,
    );
  }

  // The embedded database serves one process at a time: find the URLs (seeding an empty
  // database first), close it, then start the store.
  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await seedDatabase(database, { dataDir, onProgress: createProgressReporter('Seeding') });
  const targets = await benchTargets(database.db);
  await database.close();

  log('Starting the store for the load runs...');
  const server = await startStore(env);
  const results: Measurement[] = [];
  try {
    const all = [{ name: '/api/health (baseline)', path: '/api/health' }, ...targets];
    for (const [index, target] of all.entries()) {
      log(`[${index + 1}/${all.length}] ${target.name}: ${connections} connections for ${duration} s`);
      results.push(await measure(target.name, `${server.baseUrl}${target.path}`));
    }
  } finally {
    await stopStore(server);
  }

  const baseline = results[0]?.requestsPerSecond ?? 1;
  const products = await countProducts(targets);
  const label =
    args.label ?? `${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}, ${products ?? 'demo'} products`;
  const table = [
    `### ${label}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores with ${connections} connections, ${duration} s a URL.`,
    '',
    ...(startup.length > 0 ? ['| start-up | time | target |', '|---|---|---|', ...startup, ''] : []),
    '| URL | req/s | ratio to health | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${(r.requestsPerSecond / baseline).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    ),
    '',
  ].join('\n');
  process.stdout.write(`\n${table}\n`);
  if (!args['no-write']) recordResults(label, table);
}

async function countProducts(targets: { productCount?: number }[]) {
  return targets.find((target) => target.productCount !== undefined)?.productCount?.toLocaleString('en-IN');
}

/** Replaces the section for this label in docs/performance.md, keeping the other sections. */
function recordResults(label: string, table: string) {
  const file = path.join(root, 'docs/performance.md');
  const start = `<!-- bench:${label}:start -->`;
  const end = `<!-- bench:${label}:end -->`;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${table}${end}`;
  const next = existing.includes(start)
    ? existing.replace(new RegExp(`${escapeRegExp(start)}[\\s\\S]*?${escapeRegExp(end)}`), block)
    : `${existing.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
  log(`Recorded in docs/performance.md under "${label}"`);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

await main();
