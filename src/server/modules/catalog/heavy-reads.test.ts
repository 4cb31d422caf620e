import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from '../../testing/test-store';
import { SEARCHES_PER_MINUTE } from '../search';

// Decision 0057: heavy public reads are bounded: the answer cache is keyed on the validated query,
// large uncached listings and server-rendered searches spend per-address allowances.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
);
const store = setUpTestStore({ webDistDir: distDir });
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('heavy reads', () => {
  it('answers limit=1000 with a junk parameter from the cache, whatever the junk', async () => {
    const get = (junk: string) =>
      store.app.inject({ url: `/api/products?limit=1000&z=${junk}`, remoteAddress: '198.18.1.1' });
    const first = await get('first');
    expect(first.statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => get(`${index}-${Math.random()}`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-answer-cache']).toBe('hit');
      expect(answer.headers.etag).toBe(first.headers.etag);
    }
    // The same query written another way is the same answer.
    const reordered = await store.app.inject({
      url: '/api/products?z=1&limit=1000',
      remoteAddress: '198.18.1.1',
    });
    expect(reordered.headers['x-answer-cache']).toBe('hit');
  });

  it('limits uncached large listings per address, with 429 and Retry-After, while cached ones stay free', async () => {
    const address = '198.18.1.2';
    const listing = (minPrice: number) =>
      store.app.inject({ url: `/api/products?limit=1000&minPrice=${minPrice}`, remoteAddress: address });
    for (let minPrice = 1; minPrice <= 60; minPrice += 1) {
      expect((await listing(minPrice)).statusCode).toBe(200);
    }
    const refused = await listing(61);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in/);
    expect((await listing(1)).statusCode).toBe(200);
    expect(
      (await store.app.inject({ url: '/api/products?limit=24&minPrice=61', remoteAddress: address }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses server-rendered search pages past the search allowance, like the API', async () => {
    const address = '198.18.1.3';
    const page = (index: number) =>
      store.app.inject({ url: `/products?search=gift${index}`, remoteAddress: address });
    // The API's searches and the rendered pages spend one allowance: all but one of it by the API,
    // the last by a page; the next page is refused.
    for (let index = 1; index < SEARCHES_PER_MINUTE; index += 1) {
      expect(
        (await store.app.inject({ url: '/api/products?search=gift', remoteAddress: address })).statusCode,
      ).toBe(200);
    }
    expect((await page(0)).statusCode).toBe(200);
    const refused = await page(1);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many searches\./);
    // The API's searches share that allowance; pages without a search and other addresses do not.
    expect(
      (await store.app.inject({ url: '/api/products?search=gift', remoteAddress: address })).statusCode,
    ).toBe(429);
    expect((await store.app.inject({ url: '/products', remoteAddress: address })).statusCode).toBe(200);
    expect(
      (await store.app.inject({ url: '/products?search=gift', remoteAddress: '198.18.1.4' })).statusCode,
    ).toBe(200);
    // The whole allowance, 1,200 searches one after another: past the default 30 s on two shared
    // cores under load, legitimately.
  }, 120_000);
});
