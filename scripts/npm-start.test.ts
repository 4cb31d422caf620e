import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runningStorePid } from '../src/server/modules/admin/admin-accounts';
import { freePort, root } from './store-process';

// `npm start` as the README runs it: it builds what is stale (here usually nothing: the builds are
// shared with the other runs), serves the compiled server with plain `node`, says where the store
// is open, and stops with the npm process that started it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-npm-start-'));
let npm: ChildProcess | undefined;

afterAll(() => {
  // npm and what it started form their own process group (detached): nothing outlives a failed test.
  try {
    if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
  } catch {
    // The group is gone: the test passed.
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('npm start', () => {
  it('says where the store is open, serves from dist/server with plain node and stops on SIGTERM to npm', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // An empty store starts as well as a seeded one and saves the test the seeding.
        SEED_ON_START: 'false',
        BACKGROUND_JOBS: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const child = npm;
    let stderr = '';
    const openLine = new Promise<string>((resolve, reject) => {
      child.stderr?.on('data', (chunk) => {
        stderr += String(chunk);
        const line = stderr.split('\n').find((text) => text.includes(' is open at '));
        if (line !== undefined) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    expect(await openLine).toBe(`Utsav Gifts is open at http://127.0.0.1:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const serverPid = runningStorePid(dataDir);
    expect(serverPid).not.toBeNull();
    const commandLine = fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine.slice(1)).toEqual(['dist/server/main.js']);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(() => process.kill(serverPid!, 0)).toThrow();
    expect(await portIsFree(port)).toBe(true);
  });
});
