// `npm start`: builds the web app when it is missing or older than its sources, then starts the
// store (migrate, seed an empty database, listen).
import { ensureWebBuild } from './web-build';

await ensureWebBuild();
const { startServer } = await import('../src/server/start-server');
await startServer();
