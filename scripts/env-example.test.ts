import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Env, loadConfig } from '../src/server/config';
import { ENV_EXAMPLE_FILE, envExampleText } from './env-example';

describe('.env.example', () => {
  it('is what npm run env:example writes from the configuration schema', () => {
    expect(fs.readFileSync(ENV_EXAMPLE_FILE, 'utf8')).toBe(envExampleText());
  });

  it('names every setting once, each under a one-line comment', () => {
    const lines = envExampleText().split('\n');
    const names = lines.filter((line) => /^[A-Z]/.test(line)).map((line) => line.split('=')[0]);
    expect(names).toEqual(Object.keys(Env.shape));
    for (const [index, line] of lines.entries()) {
      if (/^[A-Z]/.test(line)) expect(lines[index - 1]).toMatch(/^# \S/);
    }
  });

  it('holds the defaults: read back as the environment, it gives the configuration of an empty one', () => {
    const env = Object.fromEntries(
      envExampleText()
        .split('\n')
        .filter((line) => /^[A-Z]/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
        .filter(([, value]) => value !== ''),
    );
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
