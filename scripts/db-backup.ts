// `npm run db:backup [-- --out FILE]`: a backup of the configured database. PostgreSQL
// (DATABASE_URL set): pg_dump's custom format, safe while the store runs. Embedded database:
// PGlite's dump of DATA_DIR/pglite, taken while no store runs on that folder.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, backupDatabase } from '../src/server/db/backup';
import { runningStorePid } from '../src/server/modules/admin';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(
    values.out ?? path.join('backups', `utsav-${stamp}.${config.DATABASE_URL ? 'dump' : 'tar.gz'}`),
  );
  if (!config.DATABASE_URL) {
    const pid = runningStorePid(config.dataDir);
    if (pid) throw new BackupError(`The store is running on ${config.dataDir} (pid ${pid}); stop it first`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await backupDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') }, file);
  const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  process.stderr.write(
    `Backed up ${config.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'} to ${file} (${megabytes} MB)\n`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof TypeError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
