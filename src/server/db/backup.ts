import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Backups of the store (`npm run db:backup` / `db:restore`): pg_dump's custom format for
 * PostgreSQL; for the embedded database one gzipped tar of PGlite's data-folder dump with
 * DATA_DIR's uploads and secrets.json, taken through the running store when one runs (decision
 * 0060). The two formats are told apart by their first bytes, so a restore never feeds one to the
 * other. `dataDir` is the store's DATA_DIR (the embedded database lives in its `pglite` folder).
 */
export type BackupTarget = { url?: string | undefined; dataDir: string };

const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export class BackupError extends Error {}

function run(
  command: string,
  args: string[],
  install = 'install the PostgreSQL client tools',
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) =>
      reject(new BackupError(`Could not run ${command} (${error.message}); ${install}`)),
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

/** The socket in DATA_DIR on which a store running the embedded database hands out its dump. */
export const LIVE_BACKUP_SOCKET = 'backup.sock';
/** What an embedded backup holds besides the database, all in DATA_DIR. */
const DATA_FILES = ['uploads', 'secrets.json'] as const;
const DATABASE_ENTRY = 'database.tar.gz';
const MANIFEST_ENTRY = 'backup.json';
const MANIFEST_FORMAT = 'utsav-embedded-backup';
const TAR = 'install tar';

/**
 * Decision 0060: the running store answers each connection to DATA_DIR/backup.sock with its
 * database's dump (`ok <bytes>` and the bytes, or `error <message>`). A Unix socket reaches only
 * users who may open DATA_DIR, and the file is made owner-only too. Answers a function that stops
 * listening (after the dumps in progress are sent).
 */
export async function serveLiveBackups(
  dump: () => Promise<Blob>,
  dataDir: string,
): Promise<() => Promise<void>> {
  const socketPath = path.join(dataDir, LIVE_BACKUP_SOCKET);
  // Left by a store that was killed: only one store runs on a data folder (decision 0006).
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    dump()
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        socket.write(`ok ${bytes.length}\n`);
        socket.end(bytes);
      })
      .catch((error: Error) => socket.end(`error ${error.message}\n`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** The running store's dump, or null when no store listens on DATA_DIR's backup socket. */
async function liveDump(dataDir: string): Promise<Buffer | null> {
  const socketPath = path.join(dataDir, LIVE_BACKUP_SOCKET);
  if (!fs.existsSync(socketPath)) return null;
  const answer = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(socketPath);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      // A socket file with nobody behind it: the store that made it is gone.
      error.code === 'ECONNREFUSED'
        ? resolve(null)
        : reject(new BackupError(`The store's backup socket: ${error.message}`)),
    );
  });
  if (!answer) return null;
  const newline = answer.indexOf(10);
  const header = answer.subarray(0, newline === -1 ? answer.length : newline).toString();
  const [status, ...rest] = header.split(' ');
  if (status === 'ok' && answer.length - newline - 1 === Number(rest[0])) return answer.subarray(newline + 1);
  throw new BackupError(
    status === 'error'
      ? `The running store could not dump its database: ${rest.join(' ')}`
      : 'The running store sent an incomplete backup; try again',
  );
}

async function closedDump(pgliteDir: string): Promise<Buffer> {
  if (!fs.existsSync(pgliteDir)) throw new BackupError(`No embedded database in ${pgliteDir}`);
  const database = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  try {
    return Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
}

/**
 * Uploads are never changed once written (each gets a new key), so hard links are a copy of the
 * folder as it stands, made in an instant whatever its size; a copy where links cannot be made.
 */
function linkTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile()) {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

/**
 * Writes a backup of the target to `file` (see BackupTarget). `runningStorePid` is the store that
 * holds the embedded database open, if any: its dump must come from it, never from a second open.
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  runningStorePid: number | null = null,
): Promise<void> {
  if (target.url) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, target.url]);
    // Password hashes and the owner's settings: for the owner's eyes only, like the socket.
    fs.chmodSync(file, 0o600);
    return;
  }
  // The database first: every upload and secret its rows name was written before them, so the
  // files taken after it include each one (files newer than the dump are merely unused).
  let dump = await liveDump(target.dataDir);
  if (!dump && runningStorePid) {
    throw new BackupError(
      `The store running on ${target.dataDir} (pid ${runningStorePid}) does not answer on ${LIVE_BACKUP_SOCKET}; restart it with this version, or stop it first`,
    );
  }
  dump ??= await closedDump(path.join(target.dataDir, 'pglite'));
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'));
  try {
    fs.writeFileSync(path.join(staging, DATABASE_ENTRY), dump);
    const entries: string[] = [MANIFEST_ENTRY, DATABASE_ENTRY];
    for (const name of DATA_FILES) {
      const source = path.join(target.dataDir, name);
      if (!fs.existsSync(source)) continue;
      if (fs.statSync(source).isDirectory()) linkTree(source, path.join(staging, name));
      else fs.copyFileSync(source, path.join(staging, name));
      entries.push(name);
    }
    const manifest = { format: MANIFEST_FORMAT, version: 1, createdAt: new Date().toISOString(), entries };
    fs.writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    await run('tar', ['-czf', file, '-C', staging, ...entries], TAR);
    fs.chmodSync(file, 0o600);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Replaces the target's contents with the backup in `file`. For PostgreSQL, pg_restore drops and
 * recreates every object of the backup in one transaction (all or nothing). For the embedded
 * database, what the backup replaces (the database, uploads, secrets.json) is moved into a folder
 * of DATA_DIR first; its path is answered. A backup of the database alone (made before uploads and
 * secrets were included) restores the database and leaves the files as they are.
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
  fs.mkdirSync(target.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(target.dataDir, '.restore-'));
  try {
    await run('tar', ['-xzf', file, '-C', staging], TAR);
    const manifestFile = path.join(staging, MANIFEST_ENTRY);
    const whole = fs.existsSync(manifestFile);
    if (whole) {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { format?: string };
      if (manifest.format !== MANIFEST_FORMAT)
        throw new BackupError(`${file} is not a backup made by db:backup`);
    }
    const databaseDump = whole ? path.join(staging, DATABASE_ENTRY) : file;
    const replaced = ['pglite', ...(whole ? DATA_FILES : [])];
    const keptAside = path.join(
      target.dataDir,
      `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    for (const name of replaced) {
      const current = path.join(target.dataDir, name);
      if (!fs.existsSync(current)) continue;
      fs.mkdirSync(keptAside, { recursive: true });
      fs.renameSync(current, path.join(keptAside, name));
    }
    const pgliteDir = path.join(target.dataDir, 'pglite');
    fs.mkdirSync(pgliteDir);
    const database = await PGlite.create({
      dataDir: pgliteDir,
      extensions: { pg_trgm },
      loadDataDir: new Blob([fs.readFileSync(databaseDump)]),
    });
    await database.close();
    for (const name of whole ? DATA_FILES : []) {
      const restored = path.join(staging, name);
      if (fs.existsSync(restored)) fs.renameSync(restored, path.join(target.dataDir, name));
    }
    return fs.existsSync(keptAside) ? keptAside : null;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
