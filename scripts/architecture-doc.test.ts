import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  architectureDocPath,
  cruiseServer,
  currentOwnership,
  generatedPartOf,
  moduleGraphOf,
  ownershipPartOf,
  renderModuleGraph,
  renderOwnership,
} from './architecture-doc';

const root = path.resolve(import.meta.dirname, '..');

describe('docs/architecture.md', () => {
  it('shows the module graph of the code as it is (else run `npm run docs:architecture`)', async () => {
    const doc = fs.readFileSync(architectureDocPath, 'utf8');
    const current = renderModuleGraph(moduleGraphOf(await cruiseServer()));
    expect(generatedPartOf(doc), 'docs/architecture.md is stale: run npm run docs:architecture').toBe(
      current,
    );
  });

  it('shows which module owns which tables (else run `npm run docs:architecture`)', async () => {
    const doc = fs.readFileSync(architectureDocPath, 'utf8');
    const current = renderOwnership(await currentOwnership());
    expect(ownershipPartOf(doc), 'docs/architecture.md is stale: run npm run docs:architecture').toBe(
      current,
    );
  });
});

/** README.md and every page under docs/: what a fresh clone has to read. */
function markdownPages(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', ...docs].sort();
}

// [text](target) and [text](target "title"), outside fenced code blocks.
const LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const FENCE = /^```[\s\S]*?^```/gm;

/** The anchors GitHub gives a page's headings: `## DESIGN 3. Stack` is `#design-3-stack`. */
function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.replace(FENCE, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm);
  return new Set(
    [...headings].map(([, title]) =>
      (title ?? '')
        .toLowerCase()
        .replaceAll(/[^\p{L}\p{N}\s_-]/gu, '')
        .replaceAll(/\s/g, '-'),
    ),
  );
}

describe('links in README.md and docs/', () => {
  it('point only at files in the repository, and at headings those files have', () => {
    const broken: string[] = [];
    for (const page of markdownPages()) {
      const text = fs.readFileSync(path.join(root, page), 'utf8').replace(FENCE, '');
      for (const [, target] of text.matchAll(LINK)) {
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [filePart = '', anchor] = target.split('#');
        const file = filePart
          ? path.resolve(root, path.dirname(page), decodeURI(filePart))
          : path.join(root, page);
        const inside = file === root || file.startsWith(`${root}${path.sep}`);
        const found = inside && fs.existsSync(file);
        const anchored =
          !anchor || (found && file.endsWith('.md') && anchorsOf(fs.readFileSync(file, 'utf8')).has(anchor));
        if (!found || !anchored) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
