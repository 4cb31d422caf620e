// `npm run db:restore -- FILE`: replaces the configured database's contents with a backup made by
// db:backup. PostgreSQL: pg_restore in one transaction (stop the instances or expect their
// requests to wait). Embedded database (with uploads and secrets.json): only while no store runs
// on DATA_DIR; what it replaces is kept in a before-restore folder of DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, restoreDatabase } from '../src/server/db/backup';
import { runningStorePid } from '../src/server/modules/admin';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

try {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const file = positionals[0];
  if (!file) throw new BackupError('Usage: npm run db:restore -- FILE (a file made by npm run db:backup)');
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const pid = runningStorePid(config.dataDir);
    if (pid) throw new BackupError(`The store is running on ${config.dataDir} (pid ${pid}); stop it first`);
  }
  const keptAside = await restoreDatabase(
    { url: config.DATABASE_URL, dataDir: config.dataDir },
    path.resolve(file),
  );
  process.stderr.write(
    `Restored ${config.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'} from ${file}${keptAside ? `; the previous data is in ${keptAside}` : ''}\n`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof TypeError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
