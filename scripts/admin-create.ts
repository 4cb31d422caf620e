// `npm run admin:create -- --email E --password P [--name N]`: creates an admin account or
// promotes an existing one (DESIGN 3: the API never grants the role). Uses DATABASE_URL when set,
// else the embedded database in DATA_DIR, which must not be open in a running store.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createOrPromoteAdmin, runningStorePid } from '../src/server/modules/admin';

const usage = `Usage: npm run admin:create -- --email E --password P [--name N] [--data-dir DIR]

  --email E        the admin's e-mail address (an existing account is promoted)
  --password P     at least 8 characters
  --name N         full name (default: the e-mail's local part)
  --data-dir DIR   data folder (default DATA_DIR or ./data); ignored when DATABASE_URL is set`;

function fail(message: string, code = 2): never {
  console.error(code === 2 ? `${message}\n\n${usage}` : message);
  process.exit(code);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');

function readArgs() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
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
if (!args.email || !args.password) fail('Both --email and --password are required.');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ ...process.env, ...(args['data-dir'] ? { DATA_DIR: args['data-dir'] } : {}) });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 1);
  throw error;
}

// PGlite is single-process: opening its files while the store has them open would corrupt them.
if (!config.DATABASE_URL) {
  const pid = runningStorePid(config.dataDir);
  if (pid !== null) {
    fail(
      `Stop the store first (npm start is running on this data folder). Data folder: ${config.dataDir}, process ${pid}.`,
      1,
    );
  }
}

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const result = await createOrPromoteAdmin(database.db, {
    email: args.email,
    password: args.password,
    name: args.name,
  });
  console.log(
    result.created ? `Created the admin account ${result.email}.` : `${result.email} is now an admin.`,
  );
} catch (error) {
  await database.close();
  fail(error instanceof Error ? error.message : String(error), 1);
}
await database.close();
