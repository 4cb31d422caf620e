import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Servers an outage test starts on ports of its own and stops for real (decision 0053), never the
 * machine's shared PostgreSQL and Redis: a Redis, a PostgreSQL, and a TCP server that accepts
 * connections and never answers (a provider or database that hangs).
 */

/** A port nothing listens on right now (the test's server takes it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts a connection on the port (bounded: the test's hook guards it). */
async function accepting(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited (${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopped(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export type OwnServer = {
  url: string;
  /** Stops the server the way a crash or a pulled cable does (SIGKILL): nothing says goodbye. */
  stop(): Promise<void>;
  /** Starts it again on the same port (with the same data, for PostgreSQL). */
  start(): Promise<void>;
  /** Stops it and removes what it kept. */
  remove(): Promise<void>;
};

/** A Redis of the test's own, keeping nothing on disk. */
export async function startOwnRedis(): Promise<OwnServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await accepting(port, child);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopped(child),
    start,
    remove: () => stopped(child),
  };
}

/** The folder of PostgreSQL's programs (Debian keeps them per major version). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed under /usr/lib/postgresql');
  return path.join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL of the test's own in a temporary folder, trusting local connections. initdb refuses
 * to run as root, so under root its programs run as the `postgres` user.
 */
export async function startOwnPostgres(): Promise<OwnServer> {
  const bin = postgresBin();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'own-postgres-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', folder]);
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  execFileSync(
    ...command('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']),
    {
      stdio: 'ignore',
    },
  );
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      ...command('postgres', [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        folder,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'full_page_writes=off',
      ]),
      { stdio: 'ignore' },
    );
    await accepting(port, child);
    // Accepting comes a moment before taking queries (the "starting up" answer).
    await untilQueriesAnswer(port);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Under runuser SIGKILL reaches runuser only; the postmaster is its child, so kill the group.
    stop: async () => {
      await killPostgres(child, dataDir);
    },
    start,
    remove: async () => {
      await killPostgres(child, dataDir);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function killPostgres(child: ChildProcess | null, dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
  if (pid) {
    try {
      // SIGQUIT: PostgreSQL's immediate shutdown (no checkpoint), which also ends its backends.
      process.kill(pid, 'SIGQUIT');
    } catch {}
  }
  await new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  // Its shared memory and the pid file go with the postmaster; wait until the file is gone.
  while (fs.existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function untilQueriesAnswer(port: number) {
  const { default: pg } = await import('pg');
  for (;;) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** A server that accepts every connection and never sends a byte back. */
export async function startHangingServer(): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP proxy in front of `target` that can stop answering the way a lost network does: `hang()`
 * drops the connections it carries and takes new ones without ever passing a byte on; `heal()`
 * forwards again.
 */
export async function startHangingProxy(target: { host: string; port: number }) {
  let hanging = false;
  const pairs = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    pairs.add(socket);
    socket.on('close', () => pairs.delete(socket));
    if (hanging) return;
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    hang() {
      hanging = true;
      for (const socket of pairs) socket.destroy();
    },
    heal() {
      hanging = false;
    },
    close: async () => {
      for (const socket of pairs) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
