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

/** `text` with the first `marker` replaced by `insert`, taken literally (no `$` patterns). */
function splice(text: string, marker: string, insert: string): string {
  const at = text.indexOf(marker);
  return at < 0 ? text : text.slice(0, at) + insert + text.slice(at + marker.length);
}

/** src/web/entry-server.tsx as the server sees it (it imports nothing of the web's types). */
type PageRenderer = {
  renderPage(request: {
    url: string;
    origin: string;
    settings: StoreSettings;
    catalog: FastifyInstance['catalog'] & Pick<FastifyInstance['collections'], 'listCollections'>;
  }): Promise<{ html: string; queries: unknown } | null>;
};

type WebAppOptions = {
  distDir: string;
  /** The server renderer's module (built by `vite build` into dist/ssr); null or absent: none. */
  rendererPath: string | null;
  uploadsDir: string;
  pageHeads: PageHeads;
  /** The public settings in force and their version (a page is cached per version). */
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
      // The build wrote each script and style also as .br and .gz (scripts/precompress-assets.ts):
      // sent as they are, smaller than compressing per request and at no CPU (decision 0089).
      preCompressed: true,
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

  // What the renderer reads in process: the catalogue with its collections (the home lists them),
  // joined once here, not per page.
  const catalogSource = { ...app.catalog, listCollections: app.collections.listCollections };

  /** The page's server-rendered markup and data, or null: a failed render still serves the shell. */
  async function renderBody(request: FastifyRequest, origin: string, settings: StoreSettings) {
    if (!renderer) return null;
    try {
      return await renderer.renderPage({
        url: request.url,
        origin,
        settings,
        catalog: catalogSource,
      });
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; sending the app shell');
      return null;
    }
  }

  // The claims come from the live catalogue (cached), like the home's own head.
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

  // The page around #root before its head, data and body: the same for every page of one kind
  // (its route's preloads, and whether the app starts after the first paint), so made once.
  const frames = new Map<string, string>();
  function frameOf(page: string, requestPath: string, rendered: boolean): string {
    const preloads = routePreloads(requestPath);
    const key = `${rendered} ${preloads}`;
    let frame = frames.get(key);
    if (frame === undefined) {
      const plain = page
        .replace(/<title>[^<]*<\/title>/, '')
        // After the entry's own script and preloads, so the entry is requested first.
        .replace('</head>', `${preloads}</head>`);
      frame = rendered ? deferAppStart(plain) : plain;
      // A handful of kinds (a route's chunks); bounded all the same.
      if (frames.size < 100) frames.set(key, frame);
    }
    return frame;
  }

  async function buildPage(
    request: FastifyRequest,
    page: string,
    origin: string,
    requestPath: string,
    settings: StoreSettings,
  ) {
    const known = isKnownPagePath(requestPath);
    // Together: both read the same product, which the catalogue loads once for both.
    const [knownHead, rendered] = await Promise.all([
      known ? options.pageHeads.resolve(requestPath, request) : null,
      known ? renderBody(request, origin, settings) : null,
    ]);
    const head = knownHead ?? (await defaultHead(requestPath, settings));
    const data = { settings, ...(rendered ? { queries: rendered.queries } : {}) };
    // The rendered body, head and data are spliced in by position, never through replace(), whose
    // `$` patterns a product's text could trigger.
    const dataScript = `<script type="application/json" id="app-data">${scriptSafeJson(data)}</script>`;
    return splice(
      splice(
        splice(
          frameOf(page, requestPath, rendered !== null),
          HEAD_MARKER,
          renderHead(head, origin, settings.storeName),
        ),
        DATA_MARKER,
        dataScript,
      ),
      ROOT_ELEMENT,
      `<div id="root">${rendered?.html ?? ''}</div>`,
    );
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
