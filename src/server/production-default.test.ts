import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
// By URL: a run in another folder would not find the package by name.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Which build of React's server renderer a fresh Node loads after the production default. */
async function rendererBuild(nodeEnv: string | undefined, cwd: string): Promise<string> {
  const { NODE_ENV: _inherited, ...env } = process.env;
  const script = `
    await import(${JSON.stringify(path.join(root, 'src/server/production-default.ts'))});
    const { createRequire } = await import('node:module');
    const require = createRequire(${JSON.stringify(path.join(root, 'package.json'))});
    require('react-dom/server');
    const loaded = Object.keys(require.cache).find((file) => file.includes('react-dom-server.node.'));
    console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, build: loaded?.split('.').at(-2) }));
  `;
  const { stdout } = await run(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
    cwd,
    env: nodeEnv === undefined ? env : { ...env, NODE_ENV: nodeEnv },
  });
  return stdout.trim();
}

describe('the production default of a started store', () => {
  // Started from a folder of its own, so a .env of the developer's never takes part.
  let folder = '';
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-env-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('renders with the production build of React when NODE_ENV is unset, as `npm start` leaves it', async () => {
    expect(await rendererBuild(undefined, folder)).toBe('{"nodeEnv":"production","build":"production"}');
  });

  it('keeps a NODE_ENV that is set', async () => {
    expect(await rendererBuild('development', folder)).toBe(
      '{"nodeEnv":"development","build":"development"}',
    );
  });

  it('takes a NODE_ENV from .env, as the store reads its other settings', async () => {
    fs.writeFileSync(path.join(folder, '.env'), 'NODE_ENV=development\n');
    expect(await rendererBuild(undefined, folder)).toBe('{"nodeEnv":"development","build":"development"}');
  });

  it('is the first module the server entry imports, before anything that loads React', () => {
    const entry = fs.readFileSync(path.join(root, 'src/server/main.ts'), 'utf8');
    const imports = [...entry.matchAll(/^import .*'(.+)';$/gm)].map((match) => match[1]);
    expect(imports[0]).toBe('./production-default');
  });
});
