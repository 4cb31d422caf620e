// Starts and stops the production store for the benchmark scripts (bench.ts, lighthouse.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale';
import { freePort, root } from './store-process';

export function log(message: string) {
  process.stderr.write(`${message}\n`);
}

export type RunningStore = { child: ChildProcess; baseUrl: string; startedInMs: number };

/**
 * Starts the store on a free port and resolves once /api/health answers: through `npm start`, as a
 * shopkeeper runs it (its time includes npm and the check for stale builds), or the compiled server
 * alone (`node dist/server/main.js`, built first when stale).
 */
export async function startStore(
  env: Record<string, string>,
  how: 'npm start' | 'server' = 'server',
): Promise<RunningStore> {
  if (how === 'server') await buildIfStale();
  const port = await freePort();
  const started = Date.now();
  // npm execs the server in place of its shell, so SIGTERM to either reaches the store.
  const command =
    how === 'npm start'
      ? { file: 'npm', args: ['start'] }
      : { file: process.execPath, args: ['dist/server/main.js'] };
  const child = spawn(command.file, command.args, {
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
    if (Date.now() - started > 300_000) {
      child.kill('SIGTERM');
      throw new Error('The store did not start within 5 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function stopStore(store: RunningStore) {
  if (store.child.exitCode !== null) return;
  const exited = new Promise((resolve) => store.child.once('exit', resolve));
  store.child.kill('SIGTERM');
  await exited;
}
