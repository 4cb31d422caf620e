// `npx tsx scripts/measure-heavy-reads.ts` (under flock /tmp/heavy.lock): the production store while
// 20 clients at a time ask for /api/products?limit=1000&z=<random> (decision 0057), measuring
// /api/health meanwhile. Prints a markdown table for docs/security.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log, startStore, stopStore } from './bench-server';
import { percentile, timed } from './curl-timing';

const WIDTH = 20;
const SECONDS = 20;

async function heavyReads(baseUrl: string, addressOf: (client: number) => string, until: number) {
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: WIDTH }, async (_, client) => {
      while (Date.now() < until) {
        const junk = Math.floor(Math.random() * 32768);
        const response = await fetch(`${baseUrl}/api/products?limit=1000&z=${junk}`, {
          headers: { 'x-forwarded-for': addressOf(client), 'accept-encoding': 'gzip' },
        }).catch(() => null);
        await response?.arrayBuffer();
        statuses.set(response?.status ?? 0, (statuses.get(response?.status ?? 0) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

async function health(baseUrl: string, until: number) {
  const times: number[] = [];
  while (Date.now() < until) {
    times.push((await timed(`${baseUrl}/api/health`, { forwardedFor: '192.0.2.20' })).ms);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times;
}

const cells = (times: number[]) =>
  `${times.length} | ${[0.5, 0.9, 0.99].map((share) => `${percentile(times, share).toFixed(0)} ms`).join(' | ')} | ${Math.max(...times).toFixed(0)} ms`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-heavy-'));
  const server = await startStore({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
  try {
    const lines = [`| none | ${cells(await health(server.baseUrl, Date.now() + 5000))} | - |`];
    for (const scenario of [
      { name: 'one address', addressOf: () => '203.0.113.88' },
      { name: '20 addresses', addressOf: (client: number) => `198.51.100.${client + 1}` },
    ]) {
      log(`Reading limit=1000 from ${scenario.name}, ${WIDTH} at a time, for ${SECONDS} s...`);
      const until = Date.now() + SECONDS * 1000;
      const [statuses, times] = await Promise.all([
        heavyReads(server.baseUrl, scenario.addressOf, until),
        health(server.baseUrl, until),
      ]);
      const answered = [...statuses.entries()].map(([status, count]) => `${status}: ${count}`).join(', ');
      lines.push(`| ${scenario.name} | ${cells(times)} | ${answered} |`);
    }
    process.stdout.write(
      `\n| limit=1000&z=random, ${WIDTH} at a time | /api/health samples | p50 | p90 | p99 | max | answers |\n|---|---|---|---|---|---|---|\n${lines.join('\n')}\n`,
    );
  } finally {
    await stopStore(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
