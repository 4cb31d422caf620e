import type { $ZodConfig } from 'zod/v4/core';

// The CSP allows no eval (script-src 'self'). Zod compiles object parsers with `new Function` unless
// told not to, so its first parse would trip a CSP violation in the console (a Lighthouse
// best-practices failure). Zod loads on demand (it stays out of the entry, docs/performance.md
// "JavaScript budget"), so the setting is made without importing it: Zod keeps its configuration
// on `globalThis.__zod_globalConfig` and adopts an object put there before it loads (the object
// `z.config()` writes to; a behaviour Zod tests). Imported first by main.tsx.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
