// `npm run docs:decisions`: writes the decision index of docs/design.md, between its marker
// comments, from the first heading of every record in docs/decisions/, so that the index can never
// stop short of the records again (scripts/decision-index.test.ts fails when it is stale).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const decisionsDir = path.join(root, 'docs', 'decisions');
export const designDocPath = path.join(root, 'docs', 'design.md');
export const INDEX_START = '<!-- decision-index:start (npm run docs:decisions) -->';
export const INDEX_END = '<!-- decision-index:end -->';

/** Every record of docs/decisions/ (`0042-cash-on-delivery.md` and its text), in number order. */
export function readRecords(): { file: string; text: string }[] {
  return fs
    .readdirSync(decisionsDir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(path.join(decisionsDir, file), 'utf8') }));
}

/** `0042-cash-on-delivery.md` with `# 42. Cash on delivery ...` gives `- [0042](...) Cash on delivery ...`. */
export function renderDecisionIndex(): string {
  return readRecords()
    .map(({ file, text }) => {
      const heading = text.match(/^#\s+(.+)$/m)?.[1];
      if (!heading) throw new Error(`docs/decisions/${file} has no heading`);
      const title = heading.replace(/^\d+\.\s*/, '');
      return `- [${file.slice(0, 4)}](decisions/${file}) ${title}`;
    })
    .join('\n');
}

/**
 * The owner's rule: a decision record says the decision, the reason and the rule it follows in at
 * most 40 lines; field lists, message texts, state tables and flows go to design.md's DESIGN 8.
 */
export const MAX_RECORD_LINES = 40;

/** The records longer than `MAX_RECORD_LINES`, as `0042-cash-on-delivery.md: 75 lines` (wc -l's count). */
export function recordsTooLong(records = readRecords()): string[] {
  return records
    .map(({ file, text }) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
    .filter(({ lines }) => lines > MAX_RECORD_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

/** The text between the markers, without the newlines that frame it. */
export function indexPartOf(doc: string): string {
  const start = doc.indexOf(INDEX_START);
  const end = doc.indexOf(INDEX_END);
  if (start < 0 || end < start) {
    throw new Error(`docs/design.md has lost its markers: ${INDEX_START} ... ${INDEX_END}`);
  }
  return doc.slice(start + INDEX_START.length, end).trim();
}

function writeDecisionIndex() {
  const doc = fs.readFileSync(designDocPath, 'utf8');
  indexPartOf(doc); // the markers must be there
  const start = doc.indexOf(INDEX_START) + INDEX_START.length;
  const next = `${doc.slice(0, start)}\n${renderDecisionIndex()}\n${doc.slice(doc.indexOf(INDEX_END))}`;
  if (next === doc) {
    console.log('docs/design.md: the decision index is up to date');
    return;
  }
  fs.writeFileSync(designDocPath, next);
  console.log('docs/design.md: decision index written');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeDecisionIndex();
}
