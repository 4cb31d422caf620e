// Plain JavaScript, not TypeScript: `npm start` runs it before every start, and loading tsx only
// for it costs about 0.2 s of the 2 s a restart may take. The TypeScript scripts that
// import it read its types from build-if-stale.d.ts.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const common = ['src/shared', 'vite.config.ts', 'package-lock.json'];

/**
 * The two builds of `vite build` that `npm start` needs, each rebuilt alone when it is missing or
 * older than its sources: the web app (the browser app and its server renderer, which the server
 * reads from dist/web and dist/ssr) and the server itself (dist/server, run with plain `node`).
 */
const builds = {
  'web app': {
    environments: ['client', 'ssr'],
    outputs: ['dist/web/index.html', 'dist/ssr/entry-server.js'],
    // public/ is copied into dist/web as it is (start-app.js among it).
    sources: ['src/web', 'index.html', 'public', ...common],
  },
  server: {
    environments: ['server'],
    outputs: ['dist/server/main.js'],
    sources: ['src/server', ...common],
  },
};

/** @param {string} target */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** @returns {(keyof typeof builds)[]} */
export function staleBuilds() {
  return /** @type {(keyof typeof builds)[]} */ (Object.keys(builds)).filter((name) => {
    // The benchmark sets FORCE_BUILD to time a first start from scratch.
    if (process.env.FORCE_BUILD === '1') return true;
    const outputs = builds[name].outputs.map((output) => path.join(root, output));
    if (!outputs.every((output) => fs.existsSync(output))) return true;
    const builtAt = Math.min(...outputs.map((output) => fs.statSync(output).mtimeMs));
    return builds[name].sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
  });
}

export async function buildIfStale() {
  const stale = staleBuilds();
  if (stale.length === 0) return;
  const started = Date.now();
  const what = stale.join(' and the ');
  process.stderr.write(`Building the ${what}...\n`);
  // Always the production build: Vite keeps a NODE_ENV the caller already set (a test runner's
  // 'test'), and React's JSX then compiles to its development runtime, which the store, running
  // with NODE_ENV=production, cannot load. Set for the build only: a caller's process goes on as it was.
  const callersNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // The builder, as `vite build` uses it, building only the environments that are stale.
    const { createBuilder } = await import('vite');
    const builder = await createBuilder({
      root,
      logLevel: 'warn',
      configFile: path.join(root, 'vite.config.ts'),
    });
    for (const name of stale) {
      for (const environment of builds[name].environments) {
        const target = builder.environments[environment];
        if (!target) throw new Error(`vite.config.ts has no "${environment}" environment`);
        await builder.build(target);
      }
    }
  } finally {
    if (callersNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callersNodeEnv;
  }
  process.stderr.write(`Built the ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// `npm run test:e2e` runs this file before the journeys, which need the web app built: in `npm
// test` the npm start test of `vitest run` has just built it (a clone without dist/ builds there),
// so a second `vite build` of everything was only ever redone work.
if (import.meta.main) await buildIfStale();
