import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInr } from '../../shared/money';
import type { StoreSettings } from '../../shared/store-settings';
import { createTestApp } from '../testing/test-app';
import { setUpTestStore } from '../testing/test-store';

// The landing pages arrive rendered by the same React components the browser runs, from
// the catalogue in the database, with the data they were rendered from for the browser's first
// render. The renderer is the source module here; `vite build` bundles the same file.

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
);
const store = setUpTestStore({
  webDistDir: distDir,
  webRendererPath: path.resolve(import.meta.dirname, '../../web/entry-server.tsx'),
});
const rupees = (paise: number) => paise / 100;

/** The markup the server put into #root, without the comments React puts between text parts. */
const rootOf = (html: string) =>
  (
    html.match(/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="app-data">/)?.[1] ?? ''
  ).replaceAll('<!-- -->', '');

type DehydratedQuery = { queryKey: unknown[]; state: { data: unknown } };
/** The query cache written into the page. */
function queriesOf(html: string): DehydratedQuery[] {
  const json = html.match(/<script type="application\/json" id="app-data">(.*?)<\/script>/)?.[1] ?? '{}';
  const data = JSON.parse(json) as { queries?: { queries: DehydratedQuery[] } };
  return data.queries?.queries ?? [];
}

let storeSettings: StoreSettings | undefined;

/**
 * The renderer's markup of `url`, called directly with the store's settings changed by `change`.
 * The settings are read once: a page the store renders with its own would start the renderer's
 * kept parts afresh.
 */
async function renderDirectly(url: string, change: Partial<StoreSettings>): Promise<string> {
  const renderer = await import('../../web/entry-server');
  if (!storeSettings) {
    const appData = (await store.app.inject('/')).body.match(/id="app-data">(.*?)<\/script>/)?.[1] ?? '{}';
    storeSettings = (JSON.parse(appData) as { settings: StoreSettings }).settings;
  }
  const settings = storeSettings;
  const page = await renderer.renderPage({
    url,
    origin: 'http://localhost',
    settings: { ...settings, ...change },
    catalog: { ...store.app.catalog, listCollections: store.app.collections.listCollections },
  });
  return page?.html ?? '';
}

let teaLightsId = 0;
let brassDiyaId = 0;
let scriptNameId = 0;
const LISTED_PRODUCTS = 30;

beforeAll(async () => {
  const diwali = await store.app.catalog.createCategory({ name: 'Diwali Gifts', description: 'Lights.' });
  const wedding = await store.app.catalog.createCategory({
    name: 'Wedding Favours',
    description: 'Favours.',
  });
  teaLightsId = (
    await store.app.catalog.createProduct({
      name: 'Scented Tea Lights',
      categoryId: diwali.id,
      pricePaise: 24_900,
      mrpPaise: 24_900,
      image: '/uploads/products/tea-lights.svg',
      stock: 20,
      featured: true,
    })
  ).id;
  brassDiyaId = (
    await store.app.catalog.createProduct({
      name: 'Brass Diya Pair',
      categoryId: diwali.id,
      pricePaise: 1_29_900,
      mrpPaise: 1_29_900,
      image: '/uploads/products/brass-diya.svg',
      stock: 5,
      declarations: { countryOfOrigin: 'India', genericName: 'Diya', manufacturedMonth: '2026-09' },
    })
  ).id;
  scriptNameId = (
    await store.app.catalog.createProduct({
      name: 'Mithai Box </script><b>Sweet</b>\u2028',
      categoryId: wedding.id,
      pricePaise: 49_900,
      mrpPaise: 49_900,
      stock: 3,
    })
  ).id;
  for (let index = 1; index <= LISTED_PRODUCTS - 3; index++) {
    await store.app.catalog.createProduct({
      name: `Wedding Potli Bag ${index}`,
      categoryId: wedding.id,
      pricePaise: 5_000 + index * 100,
      mrpPaise: 5_000 + index * 100,
      stock: 10,
    });
  }
  await store.app.collections.createCollection({
    name: 'Festival of Lights',
    productIds: [teaLightsId, brassDiyaId],
  });
});

afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('server-rendered landing pages', () => {
  it('renders home with the featured products, occasions and collections', async () => {
    const response = await store.app.inject('/');
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('Gifts that make every celebration special');
    expect(root).toContain('Scented Tea Lights');
    expect(root).toContain(formatInr(rupees(24_900)));
    expect(root).toContain('src="/uploads/products/tea-lights.svg"');
    expect(root).toContain('Wedding Favours');
    expect(root).toContain('Festival of Lights');
    // The claims are this catalogue's: 30 products, the cheapest the ₹51 potli bag.
    expect(root).toContain('Prices start at ₹51');
    expect(root).toContain('30+ products');
    expect(root).not.toContain('500+ products');
    // Personal state renders as a first-time guest sees it; the browser shows the stored one.
    expect(root).toContain('Login');
  });

  it('renders the first 8 cards of /products and inlines the first 24, not the page of 1000', async () => {
    const response = await store.app.inject('/products');
    const root = rootOf(response.body);
    expect(root).toContain('All Products');
    expect(root).toContain(`${LISTED_PRODUCTS} products`);
    // Featured first (the listing's default order).
    expect(root).toMatch(/<article[\s\S]*?Scented Tea Lights[\s\S]*?₹249/);
    expect(root).toContain('src="/uploads/products/tea-lights.svg"');
    // The app renders the rest of the 24 once it runs (decision 45).
    expect(root.match(/<article/g)?.length).toBe(8);
    const preview = queriesOf(response.body).find((query) => query.queryKey[1] === 'listing-preview');
    const firstCards = preview?.state.data as { total: number; data: unknown[] } | undefined;
    expect(firstCards?.total).toBe(LISTED_PRODUCTS);
    expect(firstCards?.data).toHaveLength(24);
    expect(queriesOf(response.body).some((query) => query.queryKey[1] === 'listing')).toBe(false);
  });

  it('renders a category with its own products only, in the order the URL asks for', async () => {
    const root = rootOf((await store.app.inject('/category/diwali-gifts?sort=price_desc')).body);
    expect(root).toContain('Diwali Gifts');
    expect(root).toContain('2 products');
    expect(root.indexOf('Brass Diya Pair')).toBeLessThan(root.indexOf('Scented Tea Lights'));
    expect(root).not.toContain('Wedding Potli Bag');
  });

  it('renders a product page with its name, price and image, and the product for the first render', async () => {
    const response = await store.app.inject(`/product/brass-diya-pair-${brassDiyaId}`);
    const root = rootOf(response.body);
    expect(root).toMatch(/<h1[^>]*>Brass Diya Pair<\/h1>/);
    expect(root).toContain(formatInr(rupees(1_29_900)));
    expect(root).toContain('src="/uploads/products/brass-diya.svg"');
    const product = queriesOf(response.body).find((query) => query.queryKey[1] === 'product');
    expect(product?.state.data).toMatchObject({ id: brassDiyaId, price: 1299, name: 'Brass Diya Pair' });
    // Its pincode field and Add to Cart wait, disabled, for the app: typing there would be lost.
    expect(root).toMatch(
      /<fieldset disabled="" role="none" class="server-rendered">[\s\S]*Add to Cart[\s\S]*<\/fieldset>/,
    );
    // The server-written head stays as it was.
    expect(response.body).toContain('<title data-server-head>Brass Diya Pair | Utsav Gifts</title>');
  });

  it("writes a product's Legal Metrology declarations in its markup, and hands them to the first render", async () => {
    const response = await store.app.inject(`/product/brass-diya-pair-${brassDiyaId}`);
    const root = rootOf(response.body);
    expect(root).toMatch(/<h2[^>]*>Product details<\/h2>/);
    expect(root).toMatch(/<dt[^>]*>Country of origin<\/dt><dd[^>]*>India<\/dd>/);
    expect(root).toMatch(/<dt[^>]*>Month of manufacture<\/dt><dd[^>]*>September 2026<\/dd>/);
    // The browser's first render has them too, so it does not ask for them again.
    const details = queriesOf(response.body).find((query) => query.queryKey[1] === 'details');
    expect(details?.queryKey).toEqual(['catalog', 'details', brassDiyaId]);
    expect(details?.state.data).toMatchObject({
      declarations: { countryOfOrigin: 'India', genericName: 'Diya', manufacturedMonth: '2026-09' },
    });
  });

  it('keeps a name that could close the script tag inside the embedded data', async () => {
    const response = await store.app.inject(`/product/mithai-box-${scriptNameId}`);
    expect(response.body).not.toContain('</script><b>');
    const product = queriesOf(response.body).find((query) => query.queryKey[1] === 'product');
    expect(product?.state.data).toMatchObject({ name: 'Mithai Box </script><b>Sweet</b>\u2028' });
    expect(rootOf(response.body)).toContain('Mithai Box &lt;/script&gt;&lt;b&gt;Sweet&lt;/b&gt;');
  });

  it('leaves a missing product and unknown paths to the browser: redirect and Page Not Found', async () => {
    const missing = await store.app.inject('/product/gone-999999');
    expect(missing.statusCode).toBe(200);
    expect(rootOf(missing.body)).toBe('');
    expect(queriesOf(missing.body)).toEqual([]);
    const unknown = await store.app.inject('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toBe('');
  });

  it('renders its landing and policy pages, with or without a final slash, and leaves every other page to the browser', async () => {
    const rendered = [
      '/',
      '/products',
      '/products/',
      '/category/diwali-gifts',
      '/category/diwali-gifts/',
      `/product/scented-tea-lights-${teaLightsId}`,
      `/product/scented-tea-lights-${teaLightsId}/`,
      '/policies/returns',
      '/policies/shipping/',
      '/policies/terms',
      '/policies/privacy',
      '/contact',
    ];
    for (const url of rendered) {
      expect(await renderDirectly(url, {}), url).toContain('<main');
    }
    // Each page renders with its own route: the product page's heading is the product's name, the
    // listing's is its own, and neither page shows the other's.
    const product = await renderDirectly(`/product/scented-tea-lights-${teaLightsId}`, {});
    expect(product).toMatch(/<h1[^>]*>Scented Tea Lights<\/h1>/);
    const left = [
      '/cart',
      '/collections',
      '/checkout',
      '/admin',
      '/admin/products',
      '/product',
      '/products/x',
      '/policies/gone',
    ];
    for (const url of left) {
      expect(await renderDirectly(url, {}), url).toBe('');
    }
  });

  it('renders a catalogue change on the next request, though rendered pages are kept', async () => {
    const url = `/product/scented-tea-lights-${teaLightsId}`;
    expect(rootOf((await store.app.inject(url)).body)).toContain('₹249');
    // Its declared MRP is on the page too (decision 0059), at least the price.
    await store.app.catalog.updateProduct(teaLightsId, { pricePaise: 27_900, mrpPaise: 27_900 });
    const root = rootOf((await store.app.inject(url)).body);
    expect(root).toContain('₹279');
    expect(root).not.toContain('₹249');
  });

  it("writes the footer kept from its settings' first page as that page's render wrote it", async () => {
    // The renderer keeps the footer's markup per settings (entry-server.tsx); a page written with
    // it must be the page React writes in full, to the byte, or hydration would meet another DOM.
    const render = (url: string, tagline: string) => renderDirectly(url, { tagline });

    const product = `/product/brass-diya-pair-${brassDiyaId}`;
    const full = await render(product, 'Kept footers for every occasion');
    const tagline = (html: string) =>
      html.replaceAll('<!-- -->', '').match(/<p class="mt-1">([^<]*)<\/p>/)?.[1];
    expect(tagline(full)).toBe('Kept footers for every occasion.');
    expect(await render(product, 'Kept footers for every occasion')).toBe(full);
    // Another page with the same settings, and the same page after a change of settings.
    expect(tagline(await render('/products', 'Kept footers for every occasion'))).toBe(
      'Kept footers for every occasion.',
    );
    const changed = await render(product, 'A changed tagline');
    expect(tagline(changed)).toBe('A changed tagline.');
    expect(changed).not.toContain('Kept footers');
    expect(await render(product, 'A changed tagline')).toBe(changed);
  });

  it('writes the header kept from the first page of its kind as that page would write it', async () => {
    // The renderer keeps the header's markup per settings and kind of page (entry-server.tsx): every
    // product page shares one, every category page another, each other path its own. A page written
    // with it must be the page React writes in full, to the byte, and show its own current link.
    const render = (url: string, storeName: string) => renderDirectly(url, { storeName });
    const header = (html: string) => html.match(/<header[\s\S]*?<\/header>/)?.[0] ?? '';
    const currentLink = (html: string) => header(html).match(/aria-current="page"[^>]*>([^<]*)</)?.[1];

    const teaLights = `/product/scented-tea-lights-${teaLightsId}`;
    const brassDiya = `/product/brass-diya-pair-${brassDiyaId}`;
    const wedding = '/category/wedding-favours';
    // Each page first in full: a change of settings starts the kept headers afresh.
    const full = new Map<string, string>();
    for (const [index, url] of [brassDiya, wedding, '/products', '/', '/contact'].entries()) {
      full.set(url, await render(url, `Full Header Store ${index}`));
      full.set(url, await render(url, 'Kept Header Store'));
    }
    for (const page of full.values()) expect(header(page)).toContain('Kept Header Store');

    // Then with the same settings after another page of the same kind: another product, another
    // category, or the same path.
    await render('/policies/terms', 'Another Store');
    await render(teaLights, 'Kept Header Store');
    await render('/category/diwali-gifts', 'Kept Header Store');
    for (const url of [brassDiya, wedding, '/products', '/', '/contact']) {
      expect(await render(url, 'Kept Header Store'), url).toBe(full.get(url));
      expect(await render(url, 'Kept Header Store'), url).toBe(full.get(url));
    }
    expect(currentLink(full.get('/') ?? '')).toBe('Home');
    expect(currentLink(full.get('/products') ?? '')).toBe('Products');
    expect(currentLink(full.get(brassDiya) ?? '')).toBeUndefined();

    // A change of settings shows in the next page's header.
    expect(header(await render(brassDiya, 'Renamed Store'))).toContain('Renamed Store');
  });

  it('sends rendered pages for revalidation, compressed, never cached as personal content', async () => {
    const response = await store.app.inject({ url: '/products', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('shows the test-mode ribbon in the first paint while the sandbox takes payments', async () => {
    const ribbon = '<p role="note" class="h-6 truncate';
    for (const url of ['/', '/products', `/product/scented-tea-lights-${teaLightsId}`]) {
      const html = (await store.app.inject(url)).body;
      const root = rootOf(html);
      expect(root).toContain('Test mode: payments are simulated');
      // Above the header, in the markup itself: its line is taken before the page is laid out.
      expect(root.indexOf(ribbon)).toBeGreaterThan(-1);
      expect(root.indexOf(ribbon)).toBeLessThan(root.indexOf('<header'));
    }

    const razorpay = await createTestApp(store.database, {
      webDistDir: distDir,
      webRendererPath: path.resolve(import.meta.dirname, '../../web/entry-server.tsx'),
      env: {
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_1234567890',
        RAZORPAY_KEY_SECRET: 'key-secret',
      },
    });
    try {
      const html = (await razorpay.inject('/')).body;
      expect(rootOf(html)).toContain('Scented Tea Lights');
      expect(html).not.toContain('Test mode');
    } finally {
      await razorpay.close();
    }
    // The ribbon follows each store's own setting, not the last page rendered.
    expect(rootOf((await store.app.inject('/?again')).body)).toContain('Test mode: payments are simulated');
  });
});
