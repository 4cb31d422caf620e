import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
// Built with it by the same `vite build` (vite.config.ts `builder`); older builds lack it.
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');
const sources = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale(): boolean {
  // The benchmark sets FORCE_WEB_BUILD to time a first start from scratch.
  if (process.env.FORCE_WEB_BUILD === '1' || !fs.existsSync(builtIndex) || !fs.existsSync(builtRenderer))
    return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

export async function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  const started = Date.now();
  process.stderr.write('Building the web app...\n');
  // The builder, as `vite build` uses it: the browser app and the server renderer.
  const { createBuilder } = await import('vite');
  const builder = await createBuilder({
    root,
    logLevel: 'warn',
    configFile: path.join(root, 'vite.config.ts'),
  });
  await builder.buildApp();
  process.stderr.write(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
