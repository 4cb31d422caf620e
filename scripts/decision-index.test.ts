import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designDocPath, indexPartOf, renderDecisionIndex } from './decision-index';

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
