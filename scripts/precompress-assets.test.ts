import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress-assets';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressAssets', () => {
  it('writes brotli and gzip forms of scripts and styles of 1 KB or more, and leaves pictures and small files', async () => {
    const script = `export const words = ${JSON.stringify('gift '.repeat(2000))};`;
    const style = `.card{color:red}\n`.repeat(100);
    fs.writeFileSync(path.join(dir, 'index-abc.js'), script);
    fs.writeFileSync(path.join(dir, 'index-abc.css'), style);
    fs.writeFileSync(path.join(dir, 'tiny-abc.js'), 'export const a = 1;');
    fs.writeFileSync(path.join(dir, 'font-abc.woff2'), Buffer.alloc(4096, 7));

    expect(await precompressAssets(dir)).toEqual({ files: 2 });

    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index-abc.js.br'))).toString()).toBe(
      script,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'index-abc.js.gz'))).toString()).toBe(script);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index-abc.css.br'))).toString()).toBe(
      style,
    );
    expect(fs.statSync(path.join(dir, 'index-abc.js.br')).size).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(dir, 'tiny-abc.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'font-abc.woff2.br'))).toBe(false);
  });
});
