// Writes benchmark figures into docs/performance.md: each run replaces its own section, keyed by
// its label, and keeps the others.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log } from './bench-server';

const file = path.resolve(import.meta.dirname, '../docs/performance.md');

export function recordSection(label: string, markdown: string) {
  const start = `<!-- bench:${label}:start -->`;
  const end = `<!-- bench:${label}:end -->`;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${markdown.trimEnd()}\n${end}`;
  const startAt = existing.indexOf(start);
  const endAt = existing.indexOf(end);
  const next =
    startAt >= 0 && endAt > startAt
      ? `${existing.slice(0, startAt)}${block}${existing.slice(endAt + end.length)}`
      : `${existing.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
  log(`Recorded in docs/performance.md under "${label}"`);
}

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The machine as a run found it: figures taken while other work loads the cores (load average above
 * the core count) are not comparable with a quiet machine's.
 */
export const machineNote = () => {
  const cores = os.cpus().length;
  return `${cores} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(1)} at the start`;
};
