import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { symbols } from 'pino';
import { buildApp } from './app';
import { type Config, loadConfigOrExit } from './config';
import { serveLiveBackups } from './db/backup';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed/index';
import { writeRunningStoreFile } from './modules/admin';
import type { PasswordCost } from './modules/auth';
import { createProgressReporter } from './progress';
import { startupNotices } from './startup-notices';
import { imageStorageFor } from './storage/image-storage';

/**
 * Starts the store: migrate, seed an empty database, listen, and shut down gracefully on
 * SIGTERM/SIGINT (in-flight requests finish, then the database closes). Only the browser journeys
 * pass a password cost (a cheap one: they sign up a shopper each).
 */
export async function startServer({
  config = loadConfigOrExit(),
  passwordCost,
}: {
  /** The settings, when the caller read them already (main.ts). */
  config?: Config;
  passwordCost?: PasswordCost;
} = {}) {
  // On stderr with the other lines for people: stdout carries the JSON log.
  for (const notice of startupNotices(config)) console.error(notice);

  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  // admin:create refuses to open the embedded database while this file names a live process.
  const removeRunningStoreFile = config.DATABASE_URL ? () => {} : writeRunningStoreFile(config.dataDir);
  await database.migrate();
  if (config.SEED_ON_START) {
    const summary = await seedDatabase(database, {
      dataDir: config.dataDir,
      // The demo pictures go where uploaded images go (a bucket when STORAGE=s3).
      storage: imageStorageFor(config),
      onProgress: createProgressReporter('Seeding'),
      artworkCacheDir: config.SEED_ARTWORK_CACHE_DIR,
    });
    if (!summary.skipped) {
      console.error(
        `Seeded ${summary.products} products, ${summary.categories} categories, ${summary.collections} collections and ${summary.pincodes} pincodes.`,
      );
    }
  }

  const app = await buildApp({ config, database, passwordCost });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Decision 0060: `npm run db:backup` takes the embedded database's dump from this process.
  const stopLiveBackups = database.dump
    ? await serveLiveBackups(database.dump, config.dataDir).catch((error: Error) => {
        // A socket path over the system's limit (about 100 characters) must not stop the store.
        console.error(
          `Backups while the store runs are off (${error.message}); stop the store to back it up.`,
        );
        return async () => {};
      })
    : async () => {};

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    // A keep-alive connection (a proxy's, a browser's) that was busy when closing began would
    // otherwise hold the server open until its client lets go; close each as soon as its
    // answer is out. In-flight requests still finish.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    await app.close();
    clearInterval(closeIdle);
    await stopLiveBackups();
    await database.close();
    removeRunningStoreFile();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  const { port } = app.server.address() as AddressInfo;
  if (['info', 'debug', 'trace'].includes(config.LOG_LEVEL)) await logLinesWritten(app);
  // On stderr with the seeding lines: stdout carries the JSON log, which a collector may parse.
  process.stderr.write(`${config.STORE_NAME} is open at ${localUrl(config.HOST, port)}\n`);
  return app;
}

/**
 * pino writes stdout asynchronously, so Fastify's "Server listening at" lines may still be on their
 * way; waiting for its stream to drain lets the open line come last. Bounded, should a destination
 * never report draining.
 */
async function logLinesWritten(app: FastifyInstance) {
  // pino keeps its destination under a symbol its types do not declare (pino.symbols.streamSym).
  const stream = (app.log as unknown as Record<symbol, unknown>)[symbols.streamSym];
  if (stream instanceof EventEmitter) await Promise.race([once(stream, 'drain'), sleep(200)]);
}

/** The address to open in a browser on this machine: one listening on every interface is at localhost. */
export function localUrl(host: string, port: number): string {
  const everyInterface = host === '0.0.0.0' || host === '::';
  const name = everyInterface ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
