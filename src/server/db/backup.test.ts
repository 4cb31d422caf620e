import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../testing/admin-fixtures';
import { createTestProduct, placeOrder, seedPincodes } from '../testing/order-fixtures';
import { createServerDatabase } from '../testing/server-database';
import { registerTestUser } from '../testing/test-accounts';
import { createTestApp } from '../testing/test-app';
import { pgliteTemplateSnapshot } from '../testing/test-database';
import { BackupError, type BackupTarget, backupDatabase, restoreDatabase, serveLiveBackups } from './backup';
import { openDatabase } from './client';
import { orders, products } from './schema';

// The embedded round trip always runs; the PostgreSQL one too when TEST_DATABASE_URL is set.
const serverUrl = process.env.TEST_DATABASE_URL;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  fs.rmSync(workDir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

async function embeddedTarget(): Promise<BackupTarget> {
  return { dataDir: fs.mkdtempSync(path.join(workDir, 'data-')) };
}

/** The store's database in a data folder, as start-server opens it. */
const openTarget = (target: BackupTarget) =>
  openDatabase({ url: target.url, dataDir: path.join(target.dataDir, 'pglite') });

/**
 * A new embedded database in the target's folder, from the run's migrated template when there is
 * one: seconds of CPU quicker than creating it and running the migrations.
 */
const openNewTarget = (target: BackupTarget) =>
  openDatabase({
    url: target.url,
    dataDir: path.join(target.dataDir, 'pglite'),
    snapshot: pgliteTemplateSnapshot(),
  });

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
    const open = () => openTarget(target);
    let database = await openNewTarget(target);
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
    // It opens a database four times (seconds each on PGlite): more than one test's usual limit.
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

describe('a backup of the embedded store while it runs', () => {
  const photo = (background: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background } })
      .png()
      .toBuffer();

  it('brings back an order, an uploaded photo and the sandbox secrets; what came later is kept aside', async () => {
    const target = await embeddedTarget();
    let database = await openNewTarget(target);
    await database.migrate();
    await seedPincodes(database);
    const product = await createTestProduct(database, { name: 'Kundan Rakhi Set', stock: 10 });
    let app = await createTestApp(database, { dataDir: target.dataDir });
    const shopper = await registerTestUser(app);
    const upload = async (bytes: Buffer) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/personalisation/photos',
        ...multipartFile(bytes, 'family.png', 'image/png', {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ photo: string }>().photo;
    };
    const kept = await placeOrder(app, shopper.headers, [{ product, quantity: 2 }]);
    const keptPhoto = await upload(await photo('#f97316'));
    const keptPhotoBytes = (await app.inject({ url: keptPhoto })).rawPayload;
    const secretsFile = path.join(target.dataDir, 'secrets.json');
    const secrets = fs.readFileSync(secretsFile, 'utf8');
    expect(JSON.parse(secrets)).toHaveProperty('sandboxWebhookSecret');

    // As start-server serves it; this process is the running store, so the backup may not open
    // the database itself (it would fail without the socket's answer).
    const stopLiveBackups = await serveLiveBackups(database.dump!, target.dataDir);
    const file = path.join(workDir, 'while-running.tar.gz');
    expect(fs.statSync(path.join(target.dataDir, 'backup.sock')).mode & 0o777).toBe(0o600);
    await backupDatabase(target, file, process.pid);
    // Password hashes, secrets and shoppers' photos: readable by the owner alone.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const later = await placeOrder(app, shopper.headers, [{ product, quantity: 1 }]);
    const laterPhoto = await upload(await photo('#2563eb'));
    fs.writeFileSync(
      secretsFile,
      JSON.stringify({ sandboxKeySecret: 'changed', sandboxWebhookSecret: 'changed' }),
    );
    await app.close();
    await stopLiveBackups();
    await database.close();

    const keptAside = await restoreDatabase(target, file);

    database = await openTarget(target);
    app = await createTestApp(database, { dataDir: target.dataDir });
    try {
      const numbers = (await database.db.select({ number: orders.orderNumber }).from(orders)).map(
        (row) => row.number,
      );
      expect(numbers).toEqual([kept.orderNumber]);
      const [stock] = await database.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, product.id));
      expect(stock?.stock).toBe(8);
      const restoredPhoto = await app.inject({ url: keptPhoto });
      expect(restoredPhoto.statusCode).toBe(200);
      expect(restoredPhoto.rawPayload.equals(keptPhotoBytes)).toBe(true);
      expect((await app.inject({ url: laterPhoto })).statusCode).toBe(404);
      expect(fs.readFileSync(secretsFile, 'utf8')).toBe(secrets);
      // What the restore replaced is kept, not deleted.
      expect(keptAside).not.toBeNull();
      expect(fs.existsSync(path.join(keptAside!, 'uploads', laterPhoto.replace('/uploads/', '')))).toBe(true);
      expect(
        JSON.parse(fs.readFileSync(path.join(keptAside!, 'secrets.json'), 'utf8')).sandboxKeySecret,
      ).toBe('changed');
      expect(later.orderNumber).not.toBe(kept.orderNumber);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('refuses to open the database a running store holds when that store does not answer', async () => {
    const target = await embeddedTarget();
    const file = path.join(workDir, 'refused.tar.gz');
    await expect(backupDatabase(target, file, process.pid)).rejects.toThrow(
      `does not answer on backup.sock; restart it with this version, or stop it first`,
    );
    expect(fs.existsSync(file)).toBe(false);
  });
});
