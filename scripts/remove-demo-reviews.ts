// `npm run db:remove-demo-reviews`: decision 0059. Takes the demo seed's reviews away, with the
// ratings computed from them and the demo shoppers who wrote them, from the configured database
// (DATABASE_URL, else PGlite in DATA_DIR; stop the store first when it runs on PGlite).
import fs from 'node:fs';
import path from 'node:path';
import { and, like, notExists, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { orders, users } from '../src/server/db/schema';
import { DEMO_REVIEWER_PREFIX } from '../src/server/db/seed/index';
import { removeDemoReviews } from '../src/server/modules/reviews';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
const removed = await removeDemoReviews(database.db);
await database.db
  .delete(users)
  .where(
    and(
      like(users.username, `${DEMO_REVIEWER_PREFIX}%`),
      notExists(
        database.db.select({ id: orders.id }).from(orders).where(sql`${orders.userId} = ${users.id}`),
      ),
    ),
  );
// Every running instance drops its cached catalogue answers at its next request.
await database.db.execute(sql`SELECT nextval('catalog_version_seq')`);
await database.close();
process.stderr.write(`Removed ${removed} demo reviews; ratings now count real reviews only.\n`);
