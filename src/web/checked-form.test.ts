import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname);

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

// The one form built without the helper, and why: the header's search box is in the entry every
// page loads first, and react-hook-form there took the home page from 141.6 to 157.0 KB of script
// (budget 150, docs/performance.md). It sends one word and checks nothing (the server's search
// query schema does). Every other form fails the test below if it is built otherwise.
const BUILT_WITHOUT_THE_HELPER = new Set(['features/search/search-combobox.tsx']);

describe('one way for forms (checked-form.ts, docs/architecture.md "Adding a form field")', () => {
  const forms = sourcesUnder(WEB)
    .filter((path) => readFileSync(path, 'utf8').includes('<form'))
    .map((path) => ({ file: relative(WEB, path), source: readFileSync(path, 'utf8') }));

  it('builds every form with useCheckedForm, whose fields are the shared form fields', () => {
    const handBuilt = forms
      .filter(
        ({ file, source }) => !source.includes('useCheckedForm(') && !BUILT_WITHOUT_THE_HELPER.has(file),
      )
      .map(({ file }) => file);
    expect(handBuilt).toEqual([]);
    expect(forms.filter(({ source }) => source.includes('useCheckedForm(')).length).toBeGreaterThanOrEqual(2);
  });

  it('names as built without the helper only a form that is', () => {
    const moved = forms
      .filter(({ file, source }) => BUILT_WITHOUT_THE_HELPER.has(file) && source.includes('useCheckedForm('))
      .map(({ file }) => file);
    const gone = [...BUILT_WITHOUT_THE_HELPER].filter((file) => !forms.some((form) => form.file === file));
    expect({ moved, gone }).toEqual({ moved: [], gone: [] });
  });

  it('uses react-hook-form only through useCheckedForm', () => {
    const direct = sourcesUnder(WEB)
      .filter((path) => !path.endsWith('checked-form.ts'))
      .filter((path) => /\buseForm\b\s*[<(]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(WEB, path));
    expect(direct).toEqual([]);
  });
});
