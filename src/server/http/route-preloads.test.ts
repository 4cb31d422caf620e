import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutePreloads } from './route-preloads';

let distDir: string;

// The shape Vite writes: the entry, two pages and chunks they share, and the tables of the chunks
// of the pages the server does not render.
const manifest = {
  'index.html': { file: 'assets/index-a1.js', imports: ['_react-b2.js'], dynamicImports: [] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_product-card-c3.js': { file: 'assets/product-card-c3.js', imports: ['_react-b2.js'] },
  'src/web/pages/home-page.tsx': {
    file: 'assets/home-page-d4.js',
    imports: ['index.html', '_product-card-c3.js'],
    isDynamicEntry: true,
  },
  'src/web/pages/product-page.tsx': {
    file: 'assets/product-page-e5.js',
    imports: ['index.html', '_product-card-c3.js', '_react-b2.js'],
    isDynamicEntry: true,
  },
  'src/web/pages/collections-page.tsx': {
    file: 'assets/collections-page-h8.js',
    imports: ['index.html', '_product-card-c3.js'],
    isDynamicEntry: true,
  },
  'src/web/storefront-routes.ts': {
    file: 'assets/storefront-routes-f6.js',
    dynamicImports: ['src/web/pages/collections-page.tsx'],
    isDynamicEntry: true,
  },
  'src/web/admin-routes.ts': { file: 'assets/admin-routes-g7.js', isDynamicEntry: true },
};

beforeAll(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-preloads-'));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
});

afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const hrefs = (tags: string) =>
  [...tags.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('route preloads', () => {
  it("names the landing page's chunk and the imports the entry does not already load", () => {
    const preloads = createRoutePreloads(distDir);
    expect(hrefs(preloads('/'))).toEqual(['/assets/home-page-d4.js', '/assets/product-card-c3.js']);
    expect(hrefs(preloads('/product/soy-wax-scented-candle-512'))).toEqual([
      '/assets/product-page-e5.js',
      '/assets/product-card-c3.js',
    ]);
  });

  it('names the table of chunks before the chunk of a landing page the app loads through it', () => {
    expect(hrefs(createRoutePreloads(distDir)('/collections'))).toEqual([
      '/assets/storefront-routes-f6.js',
      '/assets/collections-page-h8.js',
      '/assets/product-card-c3.js',
    ]);
  });

  it("names the table of the other pages' chunks for a page the server does not render", () => {
    const preloads = createRoutePreloads(distDir);
    expect(hrefs(preloads('/cart'))).toEqual(['/assets/storefront-routes-f6.js']);
    expect(hrefs(preloads('/order-confirmation/12'))).toEqual(['/assets/storefront-routes-f6.js']);
    expect(hrefs(preloads('/admin'))).toEqual(['/assets/admin-routes-g7.js']);
    expect(hrefs(preloads('/admin/orders/12'))).toEqual(['/assets/admin-routes-g7.js']);
    expect(hrefs(preloads('/administrators'))).toEqual(['/assets/storefront-routes-f6.js']);
  });

  it('names nothing for a landing page it has no chunk for, or without a manifest', () => {
    expect(createRoutePreloads(distDir)('/products')).toBe('');
    expect(createRoutePreloads(path.join(distDir, 'missing'))('/')).toBe('');
    expect(createRoutePreloads(path.join(distDir, 'missing'))('/cart')).toBe('');
  });
});
