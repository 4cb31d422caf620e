import fs from 'node:fs';

// A store started with `npm start` runs in production unless told otherwise (config.ts defaults
// NODE_ENV to production). React, and any library that reads NODE_ENV, choose their build when
// first loaded, and without this they would pick the development one: the server renderer of
// every page about twice as slow, with checks meant for a developer's machine. So main.ts imports
// this module first, before anything that loads React. A NODE_ENV set in .env counts too, so the
// file is read here already (startServer reads it again; real environment variables win).
if (fs.existsSync('.env')) process.loadEnvFile('.env');
process.env.NODE_ENV ??= 'production';
