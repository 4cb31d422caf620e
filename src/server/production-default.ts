// A store started with `npm start` runs in production unless told otherwise (config.ts defaults
// NODE_ENV to production). React, and any library that reads NODE_ENV, choose their build when
// first loaded, and without this they would pick the development one: the server renderer of
// every page about twice as slow, with checks meant for a developer's machine. So main.ts imports
// this module first, before anything that loads React.
process.env.NODE_ENV ??= 'production';
