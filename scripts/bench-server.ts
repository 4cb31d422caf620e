// Starts and stops the production store for the benchmark scripts (bench.ts, lighthouse.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, root } from './store-process';

export function log(message: string) {
  process.stderr.write(`${message}\n`);
}

export type RunningStore = { child: ChildProcess; baseUrl: string; startedInMs: number };

/**
 * Starts the store on a free port and resolves once /api/health answers. `scripts/start.ts` also
 * builds the web app when it is stale; `src/server/main.ts` only migrates, seeds and listens.
 */
export async function startStore(
  env: Record<string, string>,
  script: 'scripts/start.ts' | 'src/server/main.ts' = 'src/server/main.ts',
): Promise<RunningStore> {
  const port = await freePort();
  const started = Date.now();
  // tsx itself (not npx) so SIGTERM reaches the store and it shuts down gracefully.
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [script], {
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopStore(store: RunningStore) {
  if (store.child.exitCode !== null) return;
  const exited = new Promise((resolve) => store.child.once('exit', resolve));
  store.child.kill('SIGTERM');
  await exited;
}
