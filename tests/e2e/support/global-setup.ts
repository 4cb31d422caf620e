import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { adminEmail, adminPassword, prepareStoreFolder } from './journey-server';

/**
 * Seeds one store folder for the run; each Playwright worker starts a store of its own on a copy
 * (support/fixtures.ts), so journeys in different workers never meet each other's orders and stock.
 *
 * The folder depends only on the code that makes it, so it is kept between runs under a digest of
 * that code, as the unit tests keep their migrated database (test-database.ts): making it (the
 * owner's account, the migrations and the demo seed, each in a process of its own) is about 17 s
 * of CPU that nothing else runs beside, before the first journey.
 */
export default async function globalSetup() {
  const template = path.join(CACHE_FOLDER, `store-${folderKey()}`);
  if (!fs.existsSync(template)) {
    // Made aside and renamed into place, so a run starting meanwhile never copies half a folder.
    const partial = `${template}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    await prepareStoreFolder(partial);
    try {
      fs.renameSync(partial, template);
    } catch (error) {
      // Another run put the same folder in place first.
      if (!fs.existsSync(template)) throw error;
      fs.rmSync(partial, { recursive: true, force: true });
    }
    removeOldFolders(template);
  }
  process.env.E2E_TEMPLATE_DIR = template;
}

const root = path.resolve(import.meta.dirname, '../../..');
const CACHE_FOLDER = path.join(root, 'node_modules/.cache/journey-store');

/**
 * A digest of everything that makes the folder: the server, the code it shares with the browser,
 * its migrations (under src/server), admin:create, the journeys' store settings, the locked
 * dependencies, Node's version and the owner's sign-in. Test files are left out: they change no row.
 */
function folderKey(): string {
  const hash = createHash('sha256');
  hash.update(process.version).update(adminEmail).update(adminPassword);
  const sources = [
    'src/server',
    'src/shared',
    'scripts/admin-create.ts',
    'tests/e2e/support/journey-server.ts',
    'tests/e2e/support/journey-store.ts',
    'package-lock.json',
  ];
  for (const source of sources) {
    const full = path.join(root, source);
    const files = fs.statSync(full).isDirectory()
      ? fs
          .readdirSync(full, { recursive: true, encoding: 'utf8' })
          .sort()
          .map((file) => path.join(full, file))
      : [full];
    for (const file of files) {
      if (/\.test\.tsx?$/.test(file) || !fs.statSync(file).isFile()) continue;
      hash.update(path.relative(root, file)).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Folders made from older code, once no run that started with one can still be copying it. */
function removeOldFolders(current: string) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(CACHE_FOLDER)) {
    const folder = path.join(CACHE_FOLDER, name);
    if (folder !== current && fs.statSync(folder).mtimeMs < hourAgo)
      fs.rmSync(folder, { recursive: true, force: true });
  }
}
