import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `vite build` builds both environments: the browser app and the server renderer of its landing
  // pages (docs/decisions/0015-server-rendered-first-paint.md).
  builder: {},
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload the chunk of the page a request lands on (route-preloads.ts).
    manifest: true,
  },
  environments: {
    ssr: {
      build: {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rollupOptions: { input: { 'entry-server': 'src/web/entry-server.tsx' } },
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
});
