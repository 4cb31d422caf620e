import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Backups of the whole database (`npm run db:backup` / `db:restore`): pg_dump's custom format for
 * PostgreSQL, PGlite's own data-folder dump (a gzipped tar) for the embedded database. The two
 * formats are told apart by their first bytes, so a restore never feeds one to the other.
 */
export type BackupTarget = { url?: string | undefined; dataDir: string };

const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export class BackupError extends Error {}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        new BackupError(`Could not run ${command} (${error.message}); install the PostgreSQL client tools`),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

function startsWith(file: string, magic: Buffer): boolean {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    fs.readSync(handle, head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    fs.closeSync(handle);
  }
}

/** Writes a backup of the target database to `file`. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.url) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, target.url]);
    return;
  }
  if (!fs.existsSync(target.dataDir)) throw new BackupError(`No embedded database in ${target.dataDir}`);
  const database = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm } });
  try {
    const dump = await database.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * Replaces the target database's contents with the backup in `file`. For PostgreSQL, pg_restore
 * drops and recreates every object of the backup in one transaction (all or nothing). For the
 * embedded database, the current folder is kept beside the restored one; its new name is answered.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<string | null> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}`);
  if (target.url) {
    if (!startsWith(file, PG_DUMP_MAGIC)) {
      throw new BackupError(`${file} is not a PostgreSQL backup (made by db:backup with DATABASE_URL set)`);
    }
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--dbname',
      target.url,
      file,
    ]);
    return null;
  }
  if (!startsWith(file, GZIP_MAGIC)) {
    throw new BackupError(
      `${file} is not an embedded-database backup (made by db:backup without DATABASE_URL)`,
    );
  }
  let keptAside: string | null = null;
  if (fs.existsSync(target.dataDir)) {
    keptAside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target.dataDir, keptAside);
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const database = await PGlite.create({
    dataDir: target.dataDir,
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(file)]),
  });
  await database.close();
  return keptAside;
}
