import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../testing/order-fixtures';
import { createServerDatabase } from '../testing/server-database';
import { BackupError, type BackupTarget, backupDatabase, restoreDatabase } from './backup';
import { openDatabase } from './client';
import { products } from './schema';

// The embedded round trip always runs; the PostgreSQL one too when TEST_DATABASE_URL is set.
const serverUrl = process.env.TEST_DATABASE_URL;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  fs.rmSync(workDir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

async function embeddedTarget(): Promise<BackupTarget> {
  return { dataDir: fs.mkdtempSync(path.join(workDir, 'pglite-')) };
}

async function postgresTarget(): Promise<BackupTarget> {
  const server = await createServerDatabase(serverUrl!);
  drops.push(server.drop);
  return { url: server.url, dataDir: path.join(workDir, 'unused') };
}

const engines = [
  { name: 'the embedded database', target: embeddedTarget, extension: 'tar.gz' },
  ...(serverUrl ? [{ name: 'PostgreSQL', target: postgresTarget, extension: 'dump' }] : []),
];

describe.each(engines)('backup and restore of $name', ({ target: makeTarget, extension }) => {
  it('brings back the rows of the backup and drops those written after it', async () => {
    const target = await makeTarget();
    const open = () => openDatabase({ url: target.url, dataDir: target.dataDir });
    let database = await open();
    await database.migrate();
    const kept = await createTestProduct(database, { name: 'Brass Diya Set', stock: 12 });
    await database.close();

    const file = path.join(workDir, `store-${randomBytes(3).toString('hex')}.${extension}`);
    await backupDatabase(target, file);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    database = await open();
    await database.db.update(products).set({ stock: 0 }).where(eq(products.id, kept.id));
    const later = await createTestProduct(database, { name: 'Written After The Backup' });
    await database.close();

    await restoreDatabase(target, file);

    database = await open();
    try {
      const [restored] = await database.db.select().from(products).where(eq(products.id, kept.id));
      expect(restored).toMatchObject({ name: 'Brass Diya Set', stock: 12 });
      expect(await database.db.select().from(products).where(eq(products.id, later.id))).toEqual([]);
      // Migrations are part of the backup: nothing is left to apply, and the store carries on.
      await database.migrate();
      expect((await createTestProduct(database, { name: 'After Restore' })).name).toBe('After Restore');
    } finally {
      await database.close();
    }
    // It opens a database four times (seconds each on PGlite, STACK.md): more than one test's usual limit.
  }, 120_000);
});

describe('restoring the wrong kind of backup', () => {
  it('is refused before anything is touched', async () => {
    const notABackup = path.join(workDir, 'notes.txt');
    fs.writeFileSync(notABackup, 'shopping list');
    const target = await embeddedTarget();
    await expect(restoreDatabase(target, notABackup)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(target, notABackup)).rejects.toThrow(
      'is not an embedded-database backup (made by db:backup without DATABASE_URL)',
    );
    const folder = path.basename(target.dataDir);
    expect(fs.readdirSync(workDir).filter((name) => name.startsWith(folder))).toEqual([folder]);
  });
});
