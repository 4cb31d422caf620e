import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; the app applies migrations itself (DESIGN 3: `migrate` and
// `push` fail on PGlite with extensions).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
