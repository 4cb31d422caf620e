import { describe, expect, it } from 'vitest';
import { deferAppStart } from './deferred-start';

// The shape of Vite's built index.html, with a route preload the server added.
const page = [
  '<html><head><title>x</title>',
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-c3.css">',
  '<link rel="modulepreload" crossorigin href="/assets/home-page-d4.js"></head>',
  '<body><div id="root"><h1>Gifts</h1></div></body></html>',
].join('\n');

describe('deferred app start', () => {
  it('moves the entry and module preloads into a starter in the head, keeping the stylesheet', () => {
    const deferred = deferAppStart(page);
    expect(deferred).not.toContain('type="module"');
    expect(deferred).not.toContain('modulepreload');
    expect(deferred).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c3.css">');
    expect(deferred).toContain(
      '<html><head><title>x</title>\n<script src="/start-app.js" data-entry="/assets/index-a1.js" data-modules="/assets/react-b2.js /assets/home-page-d4.js" defer></script><link rel="stylesheet"',
    );
  });

  it('leaves a page without an entry script as it is', () => {
    const shell = '<html><head></head><body><div id="root"></div></body></html>';
    expect(deferAppStart(shell)).toBe(shell);
  });
});
