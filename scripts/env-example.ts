// `npm run env:example`: writes .env.example from the configuration schema (src/server/config.ts),
// every setting with its default and its line from src/server/config-notes.ts. A test
// (env-example.test.ts) fails when the file in the repository differs from what this writes.
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { Env } from '../src/server/config';
import { SETTING_NOTES } from '../src/server/config-notes';

export const ENV_EXAMPLE_FILE = path.resolve(import.meta.dirname, '../.env.example');

/** The default a field of the schema holds, as the environment would spell it ('' for none). */
function defaultOf(field: z.ZodType): string {
  let schema: z.ZodType | undefined = field;
  while (schema) {
    const def = schema._zod.def as {
      type: string;
      defaultValue?: unknown;
      innerType?: z.ZodType;
      in?: z.ZodType;
    };
    if (def.type === 'default') return spell(def.defaultValue);
    schema = def.innerType ?? def.in;
  }
  return '';
}

function spell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') {
    // Name maps (templates) are written name=value, comma-separated, as config.ts reads them.
    return Object.entries(value as Record<string, unknown>)
      .map(([name, entry]) => `${name}=${String(entry)}`)
      .join(',');
  }
  return String(value);
}

export function envExampleText(): string {
  const lines = [
    '# Written by `npm run env:example` from src/server/config.ts; do not edit by hand.',
    '# Copy to .env (or export) to change a setting; every variable is optional, shown with its default.',
  ];
  for (const [name, field] of Object.entries(Env.shape)) {
    lines.push('', `# ${SETTING_NOTES[name as keyof typeof SETTING_NOTES]}`, `${name}=${defaultOf(field)}`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(ENV_EXAMPLE_FILE, envExampleText());
  console.log(`${path.relative(process.cwd(), ENV_EXAMPLE_FILE)}: ${Object.keys(Env.shape).length} settings`);
}
