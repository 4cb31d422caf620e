// First: it settles NODE_ENV before any library reads it.
import './production-default';
import { startServer } from './start-server';

await startServer();
