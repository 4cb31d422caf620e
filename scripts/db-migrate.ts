// `npm run db:migrate`: applies every committed migration to the configured database.
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.close();
process.stderr.write(
  `Migrations applied to ${config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}\n`,
);
