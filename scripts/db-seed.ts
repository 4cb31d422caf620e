// `npm run db:seed -- [--products N] [--data-dir DIR]`: migrates, then seeds the demo catalogue
// and the pincode directory into an empty database (DATABASE_URL, else PGlite in DATA_DIR).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { products } from '../src/server/db/schema';
import { DEFAULT_PRODUCT_COUNT } from '../src/server/db/seed/catalogue';
import { seedDatabase } from '../src/server/db/seed/index';
import { createProgressReporter } from '../src/server/progress';

const usage = `Usage: tsx scripts/db-seed.ts [--products N] [--data-dir DIR]

  --products N     products to generate when the catalogue is empty (default ${DEFAULT_PRODUCT_COUNT})
  --data-dir DIR   data folder: PGlite in DIR/pglite, artwork in DIR/uploads (default DATA_DIR or ./data)

Uses DATABASE_URL when it is set; the artwork is still written to the data folder.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');

function readArgs() {
  try {
    return parseArgs({
      options: {
        products: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

const args = readArgs();
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const requestedProducts = args.products === undefined ? undefined : Number(args.products.replaceAll('_', ''));
if (requestedProducts !== undefined && !(Number.isInteger(requestedProducts) && requestedProducts >= 1)) {
  fail(`--products must be a whole number of at least 1, not "${args.products}".`);
}

const dataDir = path.resolve(args['data-dir'] || process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
// A large catalogue's index builds may take longer than a request's statement timeout.
const database = await openDatabase({
  url: databaseUrl,
  dataDir: path.join(dataDir, 'pglite'),
  statementTimeoutMs: 0,
});
const where = databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : path.join(dataDir, 'pglite');

try {
  const started = performance.now();
  await database.migrate();

  const [existing] = await database.db.select({ total: count() }).from(products);
  const existingProducts = existing?.total ?? 0;
  if (existingProducts > 0 && requestedProducts !== undefined && requestedProducts !== existingProducts) {
    console.error(
      `The catalogue in ${where} already has ${existingProducts.toLocaleString('en-IN')} products; ` +
        `the seed only fills an empty catalogue, so --products ${requestedProducts} changes nothing.\n` +
        (databaseUrl
          ? 'To start over, point DATABASE_URL at an empty database.'
          : `To start over, use a fresh data folder: tsx scripts/db-seed.ts --products ${requestedProducts} --data-dir ./data-${requestedProducts}\n` +
            `(or stop the store and delete ${dataDir}).`),
    );
  }

  const summary = await seedDatabase(database, {
    dataDir,
    products: requestedProducts,
    onProgress: createProgressReporter('Seeding'),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (summary.skipped) {
    console.log(`Nothing to seed: ${where} already has its catalogue and pincodes (${seconds} s).`);
  } else {
    console.log(
      `Seeded ${where} in ${seconds} s: ${summary.products.toLocaleString('en-IN')} products, ` +
        `${summary.categories} categories, ${summary.collections} collections, ` +
        `${summary.pincodes.toLocaleString('en-IN')} pincodes. Artwork in ${path.join(dataDir, 'uploads')}.`,
    );
  }
} finally {
  await database.close();
}
