// `npx tsx scripts/measure-hashing-flood.ts` (under flock /tmp/heavy.lock): the production store
// under a 100-wide flood of logins and staff-invitation acceptances (decision 0056), measuring a
// static asset and the owner's login meanwhile. Prints a markdown table for docs/security.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { createOrPromoteAdmin } from '../src/server/modules/admin';
import { log, startStore, stopStore } from './bench-server';
import { percentile, timed } from './curl-timing';
import { root } from './store-process';

const FLOOD_WIDTH = 100;
const FLOOD_SECONDS = 20;
const owner = { email: 'owner@flood.test', password: 'owner-password-1' };

async function flood(baseUrl: string, addressOf: (worker: number) => string, until: number) {
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: FLOOD_WIDTH }, async (_, worker) => {
      for (let round = 0; Date.now() < until; round++) {
        const headers = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(worker) };
        const login = round % 2 === 0;
        const response = await fetch(
          login
            ? `${baseUrl}/api/auth/login`
            : `${baseUrl}/api/staff-invites/${randomBytes(32).toString('base64url')}/accept`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify(
              login
                ? { email: `nobody-${worker}-${round}@example.com`, password: 'not-the-password' }
                : { fullName: 'Intruder', password: 'a-long-password' },
            ),
          },
        ).catch(() => null);
        await response?.arrayBuffer();
        count(response?.status ?? 0);
      }
    }),
  );
  return statuses;
}

async function measure(baseUrl: string, assetPath: string, until: number) {
  const asset: number[] = [];
  const login: number[] = [];
  const loginStatuses: number[] = [];
  const assetLoop = (async () => {
    while (Date.now() < until) {
      asset.push((await timed(`${baseUrl}${assetPath}`, { forwardedFor: '192.0.2.11' })).ms);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const loginLoop = (async () => {
    while (Date.now() < until) {
      const answer = await timed(`${baseUrl}/api/auth/login`, { forwardedFor: '192.0.2.10', json: owner });
      login.push(answer.ms);
      loginStatuses.push(answer.status);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  await Promise.all([assetLoop, loginLoop]);
  return { asset, login, loginStatuses };
}

const row = (values: number[]) =>
  `${values.length} / ${percentile(values, 0.5).toFixed(0)} ms / ${percentile(values, 0.95).toFixed(0)} ms / ${Math.max(...values).toFixed(0)} ms`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-flood-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await createOrPromoteAdmin(database.db, owner);
  await database.close();

  const server = await startStore({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
  try {
    const assets = fs.readdirSync(path.join(root, 'dist/web/assets')).filter((name) => name.endsWith('.js'));
    const biggest = assets
      .map((name) => ({ name, size: fs.statSync(path.join(root, 'dist/web/assets', name)).size }))
      .sort((a, b) => b.size - a.size)[0];
    if (!biggest) throw new Error('No built JavaScript in dist/web/assets');
    const assetPath = `/assets/${biggest.name}`;
    const lines: string[] = [];
    const quiet = await measure(server.baseUrl, assetPath, Date.now() + 5000);
    lines.push(
      `| none | ${row(quiet.asset)} | ${row(quiet.login)} | ${quiet.loginStatuses.filter((s) => s === 200).length}/${quiet.loginStatuses.length} | - |`,
    );
    for (const scenario of [
      { name: 'one address', addressOf: () => '203.0.113.66' },
      {
        name: '100 addresses',
        addressOf: (worker: number) => `198.51.${Math.floor(worker / 200)}.${(worker % 200) + 1}`,
      },
    ]) {
      log(`Flooding from ${scenario.name} for ${FLOOD_SECONDS} s...`);
      const until = Date.now() + FLOOD_SECONDS * 1000;
      const [statuses, during] = await Promise.all([
        flood(server.baseUrl, scenario.addressOf, until),
        measure(server.baseUrl, assetPath, until),
      ]);
      const answered = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      lines.push(
        `| ${scenario.name} | ${row(during.asset)} | ${row(during.login)} | ${during.loginStatuses.filter((s) => s === 200).length}/${during.loginStatuses.length} | ${answered} |`,
      );
    }
    process.stdout.write(
      `\nAsset ${assetPath} (${(biggest.size / 1024).toFixed(0)} KB); timings: samples / p50 / p95 / max.\n\n| flood | static asset | owner login | owner signed in | flood answers |\n|---|---|---|---|---|\n${lines.join('\n')}\n`,
    );
  } finally {
    await stopStore(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
