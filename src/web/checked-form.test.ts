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
// page loads first, and react-hook-form there takes the home page from 141.5 to 157.1 KB of script
// (budget 150, docs/performance.md). Zod is not the cost: a form's checks load on first use
// (decision 0088), and the box would have none; react-hook-form's own code is 15.1 KB gzipped. It
// sends one word and checks nothing (the server's search query schema does). Every other form
// fails the test below if it is built otherwise.
const BUILT_WITHOUT_THE_HELPER = new Set(['features/search/search-combobox.tsx']);

// A control is drawn by components/form-field.tsx's fields; one of its own goes in `Field`, whose
// render prop hands it the id and ARIA that tie it to its label and message (`{...control}`).

/** Each `<input`, `<select` or `<textarea` opening tag in a source, its attributes' braces skipped. */
function controlTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<(input|select|textarea)[\s/>]/g)) {
    let depth = 0;
    let end = match.index + 1;
    while (end < source.length && !(depth === 0 && source[end] === '>')) {
      if (source[end] === '{') depth += 1;
      if (source[end] === '}') depth -= 1;
      end += 1;
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

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

  it('draws every control with the shared fields, or inside Field with the id and ARIA it hands over', () => {
    const bare = sourcesUnder(WEB)
      .map((path) => relative(WEB, path))
      .filter((file) => file !== 'components/form-field.tsx' && !BUILT_WITHOUT_THE_HELPER.has(file))
      .filter((file) =>
        controlTags(readFileSync(join(WEB, file), 'utf8')).some((tag) => !tag.includes('{...control}')),
      );
    expect(bare).toEqual([]);
  });

  it('uses react-hook-form only through useCheckedForm', () => {
    const direct = sourcesUnder(WEB)
      .filter((path) => !path.endsWith('checked-form.ts'))
      .filter((path) => /\buseForm\b\s*[<(]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(WEB, path));
    expect(direct).toEqual([]);
  });
});
