// First: it settles NODE_ENV before any library reads it.
import './production-default';
import { loadConfigOrExit } from './config';

// A bad setting is refused before the rest of the store loads: its one line comes at once.
const config = loadConfigOrExit();
const { startServer } = await import('./start-server');
const { EmbeddedVersionError } = await import('./db/client');
await startServer({ config }).catch((error: unknown) => {
  if (!(error instanceof EmbeddedVersionError)) throw error;
  console.error(error.message);
  process.exit(1);
});
