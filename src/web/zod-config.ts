// The CSP allows no eval (script-src 'self'). Zod compiles object parsers with `new Function` unless
// told not to, so its first parse would trip a CSP violation in the console (a Lighthouse
// best-practices failure). Imported first by main.tsx, before any module parses stored data.
import { z } from 'zod';

z.config({ jitless: true });
