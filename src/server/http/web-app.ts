import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { homeDescription } from '../../shared/catalog-claims';
import { isKnownPagePath } from '../../shared/page-routes';
import type { StoreSettings } from '../../shared/store-settings';
import { isPersonalImage } from '../storage/image-storage';
import { deferAppStart } from './deferred-start';
import { type PageHead, type PageHeads, renderHead, scriptSafeJson } from './page-head';
import { publicOrigin } from './public-origin';
import { createResponseCache } from './response-cache';
import { createRoutePreloads } from './route-preloads';

const HEAD_MARKER = '<!--app-head-->';
const DATA_MARKER = '<!--app-data-->';
const ROOT_ELEMENT = '<div id="root"></div>';

/** src/web/entry-server.tsx as the server sees it (it imports nothing of the web's types). */
type PageRenderer = {
  renderPage(request: {
    url: string;
    origin: string;
    settings: StoreSettings;
    catalog: FastifyInstance['catalog'];
  }): Promise<{ html: string; queries: unknown } | null>;
};

type WebAppOptions = {
  distDir: string;
  /** The server renderer's module (built by `vite build` into dist/ssr); null or absent: none. */
  rendererPath: string | null;
  uploadsDir: string;
  pageHeads: PageHeads;
  /** Issue 26: the public settings in force and their version (a page is cached per version). */
  settings: () => Promise<{ version: number; settings: StoreSettings }>;
};

/**
 * Serves the built SPA: hashed assets cached for a year, uploads from DATA_DIR, and for every
 * other GET the app's HTML with a server-written head (history fallback). Unknown page paths get
 * the same app with status 404 so that the app shows 'Page Not Found' and crawlers skip it.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  fs.mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res, filePath) => {
      const key = path.relative(options.uploadsDir, filePath).split(path.sep).join('/');
      res.header('cache-control', isPersonalImage(key) ? 'no-store' : 'public, max-age=86400');
    },
  });

  const indexPath = path.join(options.distDir, 'index.html');
  const template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  const routePreloads = createRoutePreloads(options.distDir);
  if (template) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  // Without a renderer (not built: development, most tests) pages are the app shell as before.
  const renderer =
    template && options.rendererPath && fs.existsSync(options.rendererPath)
      ? ((await import(pathToFileURL(options.rendererPath).href)) as PageRenderer)
      : null;

  /** The page's server-rendered markup and data, or null: a failed render still serves the shell. */
  async function renderBody(request: FastifyRequest, origin: string, settings: StoreSettings) {
    if (!renderer) return null;
    try {
      return await renderer.renderPage({
        url: request.url,
        origin,
        settings,
        catalog: app.catalog,
      });
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; sending the app shell');
      return null;
    }
  }

  // Issue 25: the claims come from the live catalogue (cached), like the home's own head.
  const defaultHead = async (requestPath: string, settings: StoreSettings): Promise<PageHead> => ({
    title: `${settings.storeName} | Return gifts and gifts for every occasion`,
    description: homeDescription(settings, await app.catalog.catalogSummary()),
    canonicalPath: requestPath,
  });

  // Rendering a page costs milliseconds of CPU, and a page depends only on its URL and the
  // catalogue: recent pages are kept and cleared on every catalogue change, like the API's answers.
  const pages = createResponseCache({ ttlMs: 10_000, maxBytes: 16 * 1024 * 1024 });
  const stopListening = app.catalog.onChange(() => pages.clear());
  app.addHook('onClose', async () => stopListening());

  async function buildPage(
    request: FastifyRequest,
    page: string,
    origin: string,
    requestPath: string,
    settings: StoreSettings,
  ) {
    const known = isKnownPagePath(requestPath);
    const head =
      (known ? await options.pageHeads.resolve(requestPath, request) : null) ??
      (await defaultHead(requestPath, settings));
    const rendered = known ? await renderBody(request, origin, settings) : null;
    const data = { settings, ...(rendered ? { queries: rendered.queries } : {}) };
    const body = rendered?.html ?? '';
    const html = page
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(ROOT_ELEMENT, `<div id="root">${body}</div>`)
      .replace(HEAD_MARKER, renderHead(head, origin, settings.storeName))
      // After the entry's own script and preloads, so the entry is requested first.
      .replace('</head>', `${routePreloads(requestPath)}</head>`)
      .replace(DATA_MARKER, `<script type="application/json" id="app-data">${scriptSafeJson(data)}</script>`);
    return rendered ? deferAppStart(html) : html;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build`, or start the store with `npm start`.');
    }
    const requestPath = decodeURI(request.url.split('?')[0] ?? '/');
    const origin = publicOrigin(request);
    // A saved setting (any instance) moves the version, so no page built before it is served.
    const { version, settings } = await options.settings();
    const key = `${version} ${origin}${request.url}`;
    await app.catalog.sync();
    const html =
      pages.get(key)?.body ??
      pages.set(key, await buildPage(request, template, origin, requestPath, settings)).body;
    return (
      reply
        .code(isKnownPagePath(requestPath) ? 200 : 404)
        // Rendered pages hold nothing personal (a guest's view), yet change with the catalogue:
        // revalidate every time.
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html)
    );
  }

  // Paths under these prefixes are never pages of the app: a miss there is a plain 404, whether or
  // not the web app is built.
  const nonPagePrefixes = ['/api/', '/uploads/', '/media/', '/assets/', '/sandbox/'];
  const isPagePath = (url: string) => !nonPagePrefixes.some((prefix) => url.startsWith(prefix));
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: 'Not found', requestId: request.id });

  // A route, not only the not-found handler, because @fastify/compress compresses what routes send:
  // a rendered listing is about 80 KB of HTML, 10 KB gzipped.
  app.get('/*', async (request, reply) =>
    isPagePath(request.url) ? sendPage(request, reply) : notFound(request, reply),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url);
    if (isPageRequest) return sendPage(request, reply);
    return notFound(request, reply);
  });
}
