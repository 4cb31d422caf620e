// First: it settles NODE_ENV before any library reads it.
import './production-default';
import { loadConfigOrExit } from './config';

// A bad setting is refused before the rest of the store loads: its one line comes at once.
const config = loadConfigOrExit();
const { startServer } = await import('./start-server');
await startServer({ config });
