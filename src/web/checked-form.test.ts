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

// Forms still built by hand, to be moved over; the list only shrinks (a new form that is not
// built with useCheckedForm fails the test below).
const NOT_YET_MOVED = new Set([
  'features/search/search-combobox.tsx',
]);

describe('one way for forms (checked-form.ts, docs/architecture.md "Adding a form field")', () => {
  const forms = sourcesUnder(WEB)
    .filter((path) => readFileSync(path, 'utf8').includes('<form'))
    .map((path) => ({ file: relative(WEB, path), source: readFileSync(path, 'utf8') }));

  it('builds every form with useCheckedForm, whose fields are the shared form fields', () => {
    const handBuilt = forms
      .filter(({ file, source }) => !source.includes('useCheckedForm(') && !NOT_YET_MOVED.has(file))
      .map(({ file }) => file);
    expect(handBuilt).toEqual([]);
    expect(forms.filter(({ source }) => source.includes('useCheckedForm(')).length).toBeGreaterThanOrEqual(2);
  });

  it('lists as not yet moved only forms that are still built by hand', () => {
    const moved = forms
      .filter(({ file, source }) => NOT_YET_MOVED.has(file) && source.includes('useCheckedForm('))
      .map(({ file }) => file);
    const gone = [...NOT_YET_MOVED].filter((file) => !forms.some((form) => form.file === file));
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
