import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets.ts';

const apiPort = process.env.API_PORT ?? '3001';
const root = import.meta.dirname;

/**
 * The compiled server mirrors src/ (dist/server, dist/shared), so every path a server module builds
 * from its own folder (migrations, the payment sandbox's pages, ../../dist/web) holds in dist as in
 * src. The files it reads that are not TypeScript are copied to the same places, and the folders
 * are cleared first, since the build shares dist/ with the web app and cannot empty it.
 */
function serverFiles(): Plugin {
  const sourceDir = path.join(root, 'src/server');
  return {
    name: 'utsav:server-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'server',
    buildStart() {
      for (const folder of ['dist/server', 'dist/shared'])
        fs.rmSync(path.join(root, folder), { recursive: true, force: true });
    },
    generateBundle() {
      for (const file of fs.readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })) {
        const source = path.join(sourceDir, file);
        if (file.endsWith('.ts') || !fs.statSync(source).isFile()) continue;
        this.emitFile({ type: 'asset', fileName: `server/${file}`, source: fs.readFileSync(source) });
      }
    },
  };
}

/** The browser app's scripts and styles also as .br and .gz, which the server sends as they are. */
function precompressedAssets(): Plugin {
  return {
    name: 'utsav:precompressed-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(output) {
      if (output.dir) await precompressAssets(path.join(output.dir, 'assets'));
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), serverFiles(), precompressedAssets()],
  // `vite build` builds every environment: the browser app, the server renderer of its landing
  // pages (docs/decisions/0020-server-rendered-first-paint.md) and the server that `npm start`
  // runs with plain `node` (docs/decisions/0021-compiled-server.md).
  builder: {},
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload the chunk of the page a request lands on (route-preloads.ts).
    manifest: true,
    // <link rel="modulepreload"> is Baseline widely available (March 2026; Safari 17, Firefox 115):
    // a browser without it only loses a head start, so the entry carries no polyfill (decision 0046).
    modulePreload: { polyfill: false },
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              // The entry and everything it imports statically in one file. Left to itself the
              // bundler splits out what the pages share with the entry (React, TanStack Query's
              // core, the money and pincode rules) into files of their own, which the entry then
              // loads too: each file compresses on its own, and together they weighed 2.8 KB
              // gzipped more than the same code in one (decision 0046).
              groups: [{ name: 'index', tags: ['$initial'] }],
            },
          },
        },
      },
    },
    ssr: {
      // Bundled rather than loaded from node_modules, so the renderer takes React Router's production
      // build as the browser's bundle does (its exports choose it for a build since React Router 8;
      // 7's pointed every condition at the development build), and hydration meets the same markup.
      resolve: { noExternal: command === 'build' ? ['react-router'] : [] },
      build: {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rollupOptions: { input: { 'entry-server': 'src/web/entry-server.tsx' } },
      },
    },
    server: {
      consumer: 'server',
      // Packages load from node_modules at run time, as they do under tsx; only our code is compiled.
      resolve: { external: true },
      keepProcessEnv: true,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: false,
        target: 'node20',
        minify: false,
        reportCompressedSize: false,
        rollupOptions: {
          input: {
            'server/main': 'src/server/main.ts',
            // Loaded by path in worker threads (worker-pool.ts), so no import reaches them.
            'server/modules/invoices/pdf-worker': 'src/server/modules/invoices/pdf-worker.ts',
            'server/modules/admin-catalog/product-csv-worker':
              'src/server/modules/admin-catalog/product-csv-worker.ts',
            'server/modules/courier-providers/label-pdf-worker':
              'src/server/modules/courier-providers/label-pdf-worker.ts',
          },
          output: {
            preserveModules: true,
            preserveModulesRoot: 'src',
            entryFileNames: '[name].js',
            virtualDirname: 'server/_virtual',
          },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
      '/sitemap.xml': `http://127.0.0.1:${apiPort}`,
      '/robots.txt': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
