import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/performance.md holds the current figures and how to take them, short enough for a newcomer
// to read in minutes; the runs' diary stays in git's history.
const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/performance.md'), 'utf8');

describe('docs/performance.md', () => {
  it('is at most 300 lines', () => {
    expect(doc.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  it("keeps each script's start and end markers in pairs, so that a run replaces its own section", () => {
    const starts = [...doc.matchAll(/<!-- bench:(.+?):start -->/g)].map((match) => match[1]);
    const ends = [...doc.matchAll(/<!-- bench:(.+?):end -->/g)].map((match) => match[1]);
    expect(starts).toEqual(ends);
    expect(starts).toEqual([
      'start-up',
      'javascript',
      'lighthouse',
      'embedded (PGlite), 525 products',
      'embedded (PGlite), 1,00,000 products',
      'PostgreSQL, 1,00,000 products',
      'crowd, embedded (PGlite), 1,00,000 products',
      'crowd, PostgreSQL, 1,00,000 products',
      'slow phone',
    ]);
  });

  it("ends with the load test's section, which scripts/load-test.ts rewrites up to the next heading", () => {
    const at = doc.indexOf('\n## Scale-out load test\n');
    expect(at).toBeGreaterThan(0);
    expect(doc.indexOf('\n## ', at + 1)).toBe(-1);
  });
});
