import './zod-config';
import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  type StaticHandler,
  StaticRouterProvider,
} from 'react-router';
import type {
  CatalogSummary,
  Category,
  CollectionSummary,
  Product,
  ProductDetails,
  ProductList,
  ProductQuery,
} from '../shared/api/catalog';
import { policyPageAt } from '../shared/policy-pages';
import { idFromSlug } from '../shared/slug';
import type { StoreSettings } from '../shared/store-settings';
import { AppProviders } from './app/app-providers';
import { loadSiteFooter } from './app/deferred-footer';
import { ServerFrame } from './app/server-frame';
import { headerClass, KeptHeaderMarkup } from './app/top-nav';
import { applyServerSettings, setServerOrigin } from './app-data';
import { catalogKeys, loadFeaturedProducts } from './features/catalog/catalog-api';
import { REVEAL_STEP } from './features/catalog/product-grid';
import { filtersFromUrl, toProductQuery } from './features/listing-filters/listing-filters';
import { loadProductBelowFold } from './pages/deferred-below-fold';
import { routes } from './router';

/**
 * The server's catalogue service, called in-process (no HTTP round trip to itself). Structural, so
 * the web code does not import the server's modules.
 */
export type CatalogSource = {
  listProducts(query: ProductQuery): Promise<ProductList>;
  getProduct(id: number): Promise<Product>;
  productDetails(id: number): Promise<ProductDetails>;
  listCategories(): Promise<Category[]>;
  listCollections(): Promise<CollectionSummary[]>;
  catalogSummary(): Promise<CatalogSummary>;
};

export type RenderRequest = {
  /** Path and query string of the request. */
  url: string;
  origin: string;
  settings: StoreSettings;
  catalog: CatalogSource;
};

export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  /** The query cache the markup was rendered from, for the browser's first render. */
  queries: DehydratedState;
};

/** What the browser receives is JSON: the render uses the same values (dates as strings). */
const asJson = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Fills the query cache with what the page shows above the fold, under the keys its hooks read.
 * Returns the page's kind, by which its header is kept: 'product' for every product, 'category'
 * for every category, the path for any other page. Null for a page the server leaves to the
 * browser (a product that does not exist: the browser then redirects to /products as SPEC 4 says).
 */
async function prefetchPage(
  queryClient: QueryClient,
  url: URL,
  routePath: string,
  catalog: CatalogSource,
): Promise<string | null> {
  const path = url.pathname;
  // The policy pages show the store's configuration only (the settings), no queries.
  if (policyPageAt(path)) return path;
  const params = matchPath(`/${routePath}`, path)?.params ?? {};
  if (routePath === '') {
    const [categories, collections, featured, summary] = await Promise.all([
      catalog.listCategories(),
      catalog.listCollections(),
      loadFeaturedProducts((query) => catalog.listProducts(query)),
      catalog.catalogSummary(),
    ]);
    queryClient.setQueryData(catalogKeys.summary, asJson(summary));
    queryClient.setQueryData(catalogKeys.categories, asJson(categories));
    queryClient.setQueryData(catalogKeys.collections, asJson(collections));
    queryClient.setQueryData(catalogKeys.featured, asJson(featured));
    return path;
  }
  if (routePath === 'products' || routePath === 'category/:category') {
    const query = toProductQuery(filtersFromUrl(url.searchParams, params.category ?? ''));
    // Only the first screenful: the page of 1000 (SPEC 9) is the browser's one listing request,
    // and inlining it would make the HTML megabytes long.
    const [categories, firstCards] = await Promise.all([
      catalog.listCategories(),
      catalog.listProducts({ ...query, page: 1, limit: REVEAL_STEP }),
    ]);
    queryClient.setQueryData(catalogKeys.categories, asJson(categories));
    queryClient.setQueryData(catalogKeys.listingPreview(query), asJson(firstCards));
    return params.category === undefined ? path : 'category';
  }
  if (routePath === 'product/:slug') {
    const id = idFromSlug(params.slug);
    if (id === null) return null;
    try {
      // One read of the catalogue answers both (decision 0083). The declarations come with the
      // page (Legal Metrology rule 6(10), decision 0059): in its markup for the shopper and
      // crawlers, and not asked for again by the browser, whose answer redrew the page as its
      // first tap was due.
      const [shown, details] = await Promise.all([catalog.getProduct(id), catalog.productDetails(id)]);
      queryClient.setQueryData(catalogKeys.product(id), asJson(shown));
      queryClient.setQueryData(catalogKeys.details(id), asJson(details));
    } catch {
      return null;
    }
    return 'product';
  }
  return null;
}

/** A page this renderer serves: its route's path, the paths it answers and a static handler of its own. */
type ServerPage = { routePath: string; answers: RegExp; handler: StaticHandler };

/** The paths a route's pattern answers, with or without a trailing slash ('product/:slug': /product/x/). */
const pathsOf = (routePath: string) =>
  routePath === '' ? /^\/$/ : new RegExp(`^/${routePath.replace(/:[^/]+/g, '[^/]+')}/?$`);

const isRenderedRoute = (routePath: string) =>
  ['', 'products', 'category/:category', 'product/:slug'].includes(routePath) ||
  policyPageAt(`/${routePath}`) !== undefined;

/**
 * The pages rendered here (/, the listings, a product, the policy pages); other paths get the plain
 * app shell. Each has a static handler given the layout with that page alone: React Router flattens,
 * ranks and matches the whole table it is given twice a render (the handler's query and the routes
 * it renders), compiling each path's pattern anew each time, so with one page there is one to test.
 */
const serverPages: ServerPage[] = routes.flatMap((layout) =>
  layout.index
    ? []
    : (layout.children ?? [])
        .map((page) => ({ page, routePath: page.index ? '' : (page.path ?? '') }))
        .filter(({ routePath }) => isRenderedRoute(routePath))
        .map(({ page, routePath }) => ({
          routePath,
          answers: pathsOf(routePath),
          handler: createStaticHandler([{ ...layout, children: [page] }]),
        })),
);

/** The content of the first `<tag class="className">` element in a page's markup, or null. */
function elementContentOf(html: string, tag: 'header' | 'footer', className: string): string | null {
  const opening = `<${tag} class="${className}">`;
  const start = html.indexOf(opening);
  const end = start < 0 ? -1 : html.indexOf(`</${tag}>`, start);
  return end < 0 ? null : html.slice(start + opening.length, end);
}

/**
 * The footer's content as the first page rendered with the current settings and year wrote it. It
 * depends on those alone, and writing its links cost a sixth of a product page's render: the pages
 * after that first one write this markup instead (the same bytes, which the browser hydrates as
 * any other).
 */
let keptFooter: { key: string; markup: string } | null = null;

/**
 * The header's content per kind of page (prefetchPage), as the first page of that kind with the
 * current settings and year wrote it, for the same reason as the footer's (about a quarter of a
 * product page's render). Besides the settings, the header depends only on which of its links the
 * path makes current: every product page shares one header, every category page another, and each
 * other path rendered here (home, the listing, a policy page) has its own.
 */
let keptHeaders: { key: string; byKind: Map<string, string> } = { key: '', byKind: new Map() };

/**
 * The markup of a landing page (/, the listings, a product) or a policy page from the same components the browser
 * runs, with every browser-only state (cart, location, signed-in user) as a first-time guest sees
 * it; null for other pages. Not cached per user: it never holds anything personal.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, request.origin);
  const page = serverPages.find((candidate) => candidate.answers.test(url.pathname));
  if (page === undefined) return null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  const kind = await prefetchPage(queryClient, url, page.routePath, request.catalog);
  if (kind === null) return null;

  const { footerClass, KeptFooterMarkup } = await loadSiteFooter();
  // Decision 0083: the browser loads these sections when the shopper nears them; the markup has them.
  if (kind === 'product') await loadProductBelowFold();
  const context = await page.handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(page.handler.dataRoutes, context);

  applyServerSettings(request.settings);
  setServerOrigin(request.origin);
  const settingsKey = `${new Date().getFullYear()} ${JSON.stringify(request.settings)}`;
  const footer = keptFooter?.key === settingsKey ? keptFooter.markup : null;
  if (keptHeaders.key !== settingsKey) keptHeaders = { key: settingsKey, byKind: new Map() };
  const header = keptHeaders.byKind.get(kind) ?? null;
  const html = renderToString(
    <KeptFooterMarkup value={footer}>
      <KeptHeaderMarkup value={header}>
        <AppProviders queryClient={queryClient}>
          <ServerFrame>
            {/* The router's own hydration script is inline, which the CSP forbids; the browser's router
                starts from the same URL and needs no data from it (main.tsx). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ServerFrame>
        </AppProviders>
      </KeptHeaderMarkup>
    </KeptFooterMarkup>,
  );
  if (footer === null) {
    const markup = elementContentOf(html, 'footer', footerClass);
    if (markup !== null) keptFooter = { key: settingsKey, markup };
  }
  if (header === null) {
    const markup = elementContentOf(html, 'header', headerClass);
    if (markup !== null) keptHeaders.byKind.set(kind, markup);
  }
  const queries = dehydrate(queryClient);
  queryClient.clear();
  return { html, queries };
}
