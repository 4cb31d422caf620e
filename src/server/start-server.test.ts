import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real process, as `npm start` runs it: start-up seeding, reuse of the data on restart,
// durability of committed rows across SIGKILL, and the one-line refusal of a bad setting.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-start-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function spawnStore(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      BACKGROUND_JOBS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.on('exit', () => running.delete(child));
  return { child, stderr: () => stderr };
}

async function startStore() {
  const port = await freePort();
  const store = spawnStore({ PORT: String(port) });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (store.child.exitCode !== null) throw new Error(`The store exited: ${store.stderr()}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { ...store, baseUrl };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The store did not start: ${store.stderr()}`);
}

async function productTotal(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/products?limit=1`);
  return ((await response.json()) as { total: number }).total;
}

describe('starting the store', () => {
  it('seeds once, keeps committed rows through SIGKILL and reuses the data on restart', {
    timeout: 300_000,
  }, async () => {
    const first = await startStore();
    const seeded = await productTotal(first.baseUrl);
    expect(seeded).toBeGreaterThanOrEqual(500);

    const register = await fetch(`${first.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'durable@example.com',
        password: 'secret123',
        username: 'durable',
        fullName: 'Durable Devi',
      }),
    });
    expect(register.status).toBe(201);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startStore();
    expect(second.stderr()).not.toContain('Seeded');
    expect(await productTotal(second.baseUrl)).toBe(seeded);
    const login = await fetch(`${second.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable@example.com', password: 'secret123' }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGTERM');
    const code = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(0);
  });

  it('refuses a bad setting with one line naming the variable', { timeout: 60_000 }, async () => {
    const store = spawnStore({ PORT: 'eighty' });
    const code = await new Promise((resolve) => store.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(store.stderr().trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  });
});
