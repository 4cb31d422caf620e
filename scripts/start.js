// The first half of `npm start`: builds the web app and the server when missing or stale. The
// second half, `exec node dist/server/main.js` in package.json, runs the compiled server in place
// of npm's shell, so a signal npm forwards (SIGTERM, Ctrl-C) reaches the server itself. Plain
// JavaScript for the reason build-if-stale.js gives.
import { buildIfStale } from './build-if-stale.js';

await buildIfStale();
