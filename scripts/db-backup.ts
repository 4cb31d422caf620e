// `npm run db:backup [-- --out FILE | --into DIR]`: a backup of the configured database. PostgreSQL
// (DATABASE_URL set): pg_dump's custom format, safe while the store runs. Embedded database: one
// archive of PGlite's dump with DATA_DIR's uploads and secrets.json, the dump taken through the
// running store when one runs (decision 0060). `--into DIR` (the nightly timer's form, see
// deploy/systemd/utsav-backup.timer) writes a new file in DIR, then deletes the backups there
// that 7 daily and 4 weekly do not keep (backup-rotation.ts; --keep-daily, --keep-weekly).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, backupDatabase } from '../src/server/db/backup';
import { backupName, backupsToKeep, DEFAULT_ROTATION } from '../src/server/db/backup-rotation';
import { runningStorePid } from '../src/server/modules/admin';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

try {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      into: { type: 'string' },
      'keep-daily': { type: 'string', default: String(DEFAULT_ROTATION.daily) },
      'keep-weekly': { type: 'string', default: String(DEFAULT_ROTATION.weekly) },
    },
    strict: true,
  });
  if (values.out && values.into) throw new BackupError('Give --out FILE or --into DIR, not both');
  const rotation = { daily: Number(values['keep-daily']), weekly: Number(values['keep-weekly']) };
  if (!Object.values(rotation).every((count) => Number.isSafeInteger(count) && count >= 0)) {
    throw new BackupError('--keep-daily and --keep-weekly take a whole number (0 or more)');
  }
  const config = loadConfig();
  const name = backupName(new Date(), config.DATABASE_URL ? 'dump' : 'tar.gz');
  const file = path.resolve(values.out ?? path.join(values.into ?? 'backups', name));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await backupDatabase(
    { url: config.DATABASE_URL, dataDir: config.dataDir },
    file,
    config.DATABASE_URL ? null : runningStorePid(config.dataDir),
  );
  const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  process.stderr.write(
    `Backed up ${config.DATABASE_URL ? 'PostgreSQL' : 'the embedded database, uploads and secrets'} to ${file} (${megabytes} MB)\n`,
  );
  if (values.into) {
    const folder = path.dirname(file);
    const names = fs.readdirSync(folder);
    const keep = backupsToKeep(names, rotation);
    const gone = names.filter((entry) => !keep.has(entry));
    for (const entry of gone) fs.rmSync(path.join(folder, entry));
    process.stderr.write(`Kept ${names.length - gone.length} backups in ${folder}, deleted ${gone.length}\n`);
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof TypeError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
