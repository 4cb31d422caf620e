import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './testing/test-app';
import { setUpTestStore } from './testing/test-store';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
);
fs.writeFileSync(
  path.join(distDir, 'assets', 'index-abc123.js'),
  `console.log(${JSON.stringify('x'.repeat(4000))});`,
);
// As the build leaves a script: beside it its brotli form (scripts/precompress-assets.ts).
const builtScript = `console.log(${JSON.stringify('y'.repeat(4000))});`;
const builtScriptBrotli = zlib.brotliCompressSync(builtScript);
fs.writeFileSync(path.join(distDir, 'assets', 'entry-def456.js'), builtScript);
fs.writeFileSync(path.join(distDir, 'assets', 'entry-def456.js.br'), builtScriptBrotli);
const store = setUpTestStore({ webDistDir: distDir });

afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('the HTTP shell', () => {
  it('reports a reachable database on /api/health', async () => {
    const response = await store.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown API path with a JSON 404 and the request id', async () => {
    const response = await store.app.inject({
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'req-42' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('req-42');
    expect(response.json()).toEqual({ message: 'Not found', requestId: 'req-42' });
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await store.app.inject('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('sends HSTS over HTTPS only: not over plain HTTP, nor for a forged X-Forwarded-Proto', async () => {
    expect((await store.app.inject('/')).headers['strict-transport-security']).toBeUndefined();
    const forged = await store.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp(store.database, { env: { TRUST_PROXY: 'true' } });
    try {
      const overHttps = await proxied.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const overHttp = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('marks API responses as not cacheable unless a route says otherwise', async () => {
    expect((await store.app.inject('/api/health')).headers['cache-control']).toBe('no-store');
    // The owner may change the settings at any time, so a browser asks again each time.
    expect((await store.app.inject('/api/config')).headers['cache-control']).toBe('no-cache');
  });

  it('serves the public store settings', async () => {
    const response = await store.app.inject('/api/config');
    expect(response.json()).toMatchObject({
      storeName: 'Utsav Gifts',
      freeShippingFrom: 1000,
      shippingFee: 50,
      // No payment setting, so the sandbox takes payments and the store says so.
      testMode: true,
    });
  });
});

describe('the web app', () => {
  it('returns the app with the default head for a known page without one of its own', async () => {
    const response = await store.app.inject('/collections');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(
      '<title data-server-head>Utsav Gifts | Return gifts and gifts for every occasion</title>',
    );
    expect(response.body).toContain(
      '<link rel="canonical" href="http://localhost:80/collections" data-server-head>',
    );
    expect(response.body).toContain(
      '<script type="application/json" id="app-data">{"settings":{"storeName":"Utsav Gifts"',
    );
    expect(response.body).not.toContain('<title>x</title>');
  });

  it('returns the app with status 404 for an unknown page so it can show Page Not Found', async () => {
    const response = await store.app.inject('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await store.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's own brotli form of a script as it is, to a browser that takes brotli", async () => {
    const response = await store.app.inject({
      url: '/assets/entry-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.equals(builtScriptBrotli)).toBe(true);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(builtScript);
    // A browser that takes none gets the script itself.
    const plain = await store.app.inject({
      url: '/assets/entry-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(builtScript);
  });

  it('answers a missing asset with 404, not the app', async () => {
    const response = await store.app.inject('/assets/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Not found' });
  });
});
