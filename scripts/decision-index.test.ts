import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  designDocPath,
  indexPartOf,
  MAX_RECORD_LINES,
  recordsTooLong,
  renderDecisionIndex,
} from './decision-index';

describe('the decision index in docs/design.md', () => {
  it('lists every record in docs/decisions/ by its heading (else run `npm run docs:decisions`)', () => {
    const doc = fs.readFileSync(designDocPath, 'utf8');
    expect(indexPartOf(doc), 'docs/design.md is stale: run npm run docs:decisions').toBe(
      renderDecisionIndex(),
    );
  });

  it('names the first record and the cash on delivery record as their headings say', () => {
    const index = renderDecisionIndex();
    expect(index).toContain(
      '- [0001](decisions/0001-embedded-postgres-by-default.md) Embedded PostgreSQL (PGlite) by default, PostgreSQL in production',
    );
    expect(index.split('\n').length).toBe(
      fs.readdirSync('docs/decisions').filter((f) => f.endsWith('.md')).length,
    );
  });
});

describe('decision records', () => {
  it(`say the decision, the reason and the rule in at most ${MAX_RECORD_LINES} lines each (specifications go to design.md's DESIGN 8)`, () => {
    expect(recordsTooLong(), 'shorten these records: move what they specify to docs/design.md').toEqual([]);
  });

  it('are measured as wc -l counts their lines, so a 41-line record is named and a 40-line one is not', () => {
    const record = (lines: number) => `# 99. A title\n${'a line\n'.repeat(lines - 1)}`;
    expect(
      recordsTooLong([
        { file: '0098-forty.md', text: record(40) },
        { file: '0099-forty-one.md', text: record(41) },
        { file: '0100-no-last-newline.md', text: record(41).trimEnd() },
      ]),
    ).toEqual(['0099-forty-one.md: 41 lines', '0100-no-last-newline.md: 41 lines']);
  });
});
