// Brotli and gzip forms of the built app's scripts and styles, written beside them at build time,
// so the server sends them as they are (@fastify/static `preCompressed`, http/web-app.ts) instead
// of compressing each on every request. Made once, they can take the slowest, smallest settings:
// the entry script is 110 KB at brotli's quality 11 against 129 KB at the quality 4 that
// compressing per request uses (decision 0089).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text. Pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt)$/;

/** Below this a compressed form saves less than its headers cost (@fastify/compress's threshold). */
const MIN_BYTES = 1024;

/** Writes `name.br` and `name.gz` beside every compressible file of `dir` (recursively). */
export async function precompressAssets(dir: string): Promise<{ files: number }> {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
  await Promise.all(
    files.map(async (file) => {
      const content = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  return { files: files.length };
}
