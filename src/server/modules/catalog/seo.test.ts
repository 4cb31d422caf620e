import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { setUpTestStore } from '../../testing/test-store';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dist-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>x</title><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>',
);
const store = setUpTestStore({ webDistDir: distDir });
let publicApp: FastifyInstance;
let bouquetId = 0;
let hamperId = 0;
let archivedId = 0;
let collectionId = 0;

/** The JSON-LD objects written into a page's head. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json" data-server-head>(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );
}

beforeAll(async () => {
  publicApp = await createTestApp(store.database, {
    webDistDir: distDir,
    env: { PUBLIC_URL: 'https://gifts.example.in/' },
  });
  await publicApp.ready();
  const hampers = await store.app.catalog.createCategory({
    name: 'Festive Hampers',
    description: 'Hampers for every festival.',
    image: '/uploads/categories/festive-hampers.svg',
  });
  const bouquet = await store.app.catalog.createProduct({
    name: 'Chocolate Bouquet <Deluxe>',
    categoryId: hampers.id,
    pricePaise: 89_900,
    mrpPaise: 119_900,
    description: 'Twelve milk chocolates wrapped like a bouquet & tied with a satin ribbon.',
    image: '/uploads/products/bouquet.svg',
    images: ['/uploads/products/bouquet-2.svg'],
    stock: 4,
    rating: 4.5,
    ratingCount: 10,
  });
  bouquetId = bouquet.id;
  hamperId = (
    await store.app.catalog.createProduct({
      name: 'Dry Fruit Hamper',
      categoryId: hampers.id,
      pricePaise: 129_900,
      mrpPaise: 129_900,
      stock: 0,
      allowPreOrder: true,
    })
  ).id;
  archivedId = (
    await store.app.catalog.createProduct({
      name: 'Old Hamper',
      categoryId: hampers.id,
      pricePaise: 10_000,
      mrpPaise: 10_000,
      archived: true,
    })
  ).id;
  collectionId = (
    await store.app.collections.createCollection({
      name: 'Diwali Edit',
      description: 'Lights and sweets.',
      productIds: [bouquetId, hamperId],
    })
  ).id;
  // The second app shares the database; its cache was filled before these rows existed.
  await publicApp.catalog.invalidate();
});

afterAll(async () => {
  await publicApp?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('lists every product, collection and category URL as absolute URLs of the request host', async () => {
    const response = await store.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = response.body;
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(body).toContain('<loc>http://localhost:80/</loc>');
    expect(body).toContain(`<loc>http://localhost:80/product/chocolate-bouquet-deluxe-${bouquetId}</loc>`);
    expect(body).toContain(`<loc>http://localhost:80/product/dry-fruit-hamper-${hamperId}</loc>`);
    expect(body).toContain(`<loc>http://localhost:80/collection/diwali-edit-${collectionId}</loc>`);
    expect(body).toContain('<loc>http://localhost:80/category/festive-hampers</loc>');
    expect(body).not.toContain(`-${archivedId}</loc>`);
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const sitemap = await publicApp.inject('/sitemap.xml');
    expect(sitemap.body).toContain(
      `<loc>https://gifts.example.in/product/chocolate-bouquet-deluxe-${bouquetId}</loc>`,
    );
    const robots = await publicApp.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://gifts.example.in/sitemap.xml');
  });

  it('serves robots.txt pointing at the sitemap and keeping crawlers out of personal pages', async () => {
    const response = await store.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /checkout');
    expect(response.body).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });

  it('answers an unknown sitemap part with 404', async () => {
    expect((await store.app.inject('/sitemap-2.xml')).statusCode).toBe(404);
  });
});

describe('server-written head', () => {
  it('gives a product URL its title, description, image, Product JSON-LD', async () => {
    const response = await store.app.inject(`/product/chocolate-bouquet-deluxe-${bouquetId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(
      '<title data-server-head>Chocolate Bouquet &#60;Deluxe&#62; | Utsav Gifts</title>',
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost/uploads/products/bouquet.svg" data-server-head>',
    );
    expect(html).toContain('<meta property="og:type" content="product" data-server-head>');
    // The main photo is the page's largest paint: fetched first.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/products/bouquet.svg" fetchpriority="high" data-server-head>',
    );
    expect(html).toMatch(
      /<meta name="description" content="Chocolate Bouquet &#60;Deluxe&#62; for ₹899\. Twelve milk/,
    );
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:80/product/chocolate-bouquet-deluxe-${bouquetId}" data-server-head>`,
    );
    const [product, breadcrumbs] = jsonLdOf(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Chocolate Bouquet <Deluxe>',
      sku: String(bouquetId),
      image: [
        'http://localhost:80/uploads/products/bouquet.svg',
        'http://localhost:80/uploads/products/bouquet-2.svg',
      ],
      offers: {
        '@type': 'Offer',
        price: '899.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { ratingValue: 4.5, ratingCount: 10 },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home' },
        { position: 2, name: 'Festive Hampers', item: 'http://localhost:80/category/festive-hampers' },
        { position: 3, name: 'Chocolate Bouquet <Deluxe>' },
      ],
    });
    // '<' inside JSON must not be able to close the script tag.
    expect(html).not.toContain('"Chocolate Bouquet <Deluxe>"');
  });

  it('marks a pre-order product as PreOrder, whatever slug the link used', async () => {
    const html = (await store.app.inject(`/product/old-name-${hamperId}`)).body;
    expect(jsonLdOf(html)[0]).toMatchObject({ offers: { availability: 'https://schema.org/PreOrder' } });
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:80/product/dry-fruit-hamper-${hamperId}"`,
    );
  });

  it('falls back to the store head for a bad, missing or archived product', async () => {
    for (const url of [
      '/product/not-a-number',
      '/product/gone-999999',
      `/product/old-hamper-${archivedId}`,
    ]) {
      const response = await store.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title data-server-head>Utsav Gifts | Return gifts');
    }
  });

  it('gives a collection URL its name, image and an ItemList of its products', async () => {
    const html = (await store.app.inject(`/collection/diwali-edit-${collectionId}`)).body;
    expect(html).toContain('<title data-server-head>Diwali Edit | Utsav Gifts</title>');
    expect(html).toContain('<meta name="description" content="Lights and sweets." data-server-head>');
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost/uploads/products/bouquet.svg"',
    );
    const itemList = jsonLdOf(html).find((item) => item['@type'] === 'ItemList');
    expect(itemList).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { position: 1, url: `http://localhost:80/product/chocolate-bouquet-deluxe-${bouquetId}` },
        { position: 2, url: `http://localhost:80/product/dry-fruit-hamper-${hamperId}` },
      ],
    });
  });

  it('gives a category URL its name, description, image and ItemList', async () => {
    const html = (await store.app.inject('/category/festive-hampers')).body;
    expect(html).toContain('<title data-server-head>Festive Hampers | Utsav Gifts</title>');
    expect(html).toContain(
      '<meta name="description" content="Hampers for every festival." data-server-head>',
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost/uploads/categories/festive-hampers.svg"',
    );
    const types = jsonLdOf(html).map((item) => item['@type']);
    expect(types).toEqual(['BreadcrumbList', 'ItemList']);
    // The category's picture is for link previews; its page does not show it.
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it('describes a category without a description of its own as its listing page does', async () => {
    await store.app.catalog.createCategory({ name: 'Pooja Essentials' });
    const html = (await store.app.inject('/category/pooja-essentials')).body;
    expect(html).toContain(
      '<meta name="description" content="Shop Pooja Essentials for every celebration: prices from ₹50, free shipping from ₹1,000." data-server-head>',
    );
  });

  it('gives /products its title (with the search), description, breadcrumbs and ItemList', async () => {
    const html = (await store.app.inject('/products')).body;
    expect(html).toContain('<title data-server-head>All Products | Utsav Gifts</title>');
    expect(html).toContain(
      '<meta name="description" content="Shop return gifts and presents for every celebration: prices from ₹50, free shipping from ₹1,000." data-server-head>',
    );
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/products" data-server-head>');
    const [breadcrumbs, itemList] = jsonLdOf(html);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home' },
        { position: 2, name: 'Products' },
      ],
    });
    expect(itemList).toMatchObject({ '@type': 'ItemList', name: 'All Products', numberOfItems: 2 });

    const searched = (await store.app.inject('/products?search=%3Cb%3Ehamper')).body;
    expect(searched).toContain(
      '<title data-server-head>All Products: &#39;&#60;b&#62;hamper&#39; | Utsav Gifts</title>',
    );
    expect(searched).toContain('<link rel="canonical" href="http://localhost:80/products" data-server-head>');
  });

  it('gives the home page the Organization and WebSite JSON-LD', async () => {
    const html = (await store.app.inject('/')).body;
    const [organization, website] = jsonLdOf(html);
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Utsav Gifts',
      url: 'http://localhost:80/',
      email: 'hello@utsavgifts.in',
      sameAs: ['https://www.instagram.com/utsavgifts/'],
    });
    expect(website).toMatchObject({ '@type': 'WebSite' });
    expect(html).toMatch(/<meta name="description" content="[^"]*same-day delivery in Bengaluru/);
  });
});

describe('absolute links and the Host header', () => {
  const forged = { host: 'evil.example' };
  const productUrl = () => `/product/chocolate-bouquet-deluxe-${bouquetId}`;

  it('never writes a forged Host into the sitemap or robots.txt: the listening address stands in', async () => {
    const sitemap = (await store.app.inject({ url: '/sitemap.xml', headers: forged })).body;
    expect(sitemap).toContain(`<loc>http://localhost:3000${productUrl()}</loc>`);
    expect(sitemap).not.toContain('evil.example');
    const robots = (await store.app.inject({ url: '/robots.txt', headers: forged })).body;
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots).not.toContain('evil.example');
  });

  it('never writes a forged Host into a page’s canonical link, og:url or JSON-LD', async () => {
    for (const host of ['evil.example', 'localhost.evil.example', 'evil.example:80']) {
      const html = (await store.app.inject({ url: productUrl(), headers: { host } })).body;
      expect(html).toContain(
        `<link rel="canonical" href="http://localhost:3000${productUrl()}" data-server-head>`,
      );
      expect(html).toContain(
        `<meta property="og:url" content="http://localhost:3000${productUrl()}" data-server-head>`,
      );
      expect(html).not.toContain('evil.example');
    }
    const home = (await store.app.inject({ url: '/', headers: forged })).body;
    expect(jsonLdOf(home)[0]).toMatchObject({ '@type': 'Organization', url: 'http://localhost:3000/' });
  });

  it('names the port the store actually listens at (PORT=0 picks one)', async () => {
    await store.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = store.app.server.address() as AddressInfo;
    const robots = (await store.app.inject({ url: '/robots.txt', headers: forged })).body;
    expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
  });

  it('trusts a Host naming this machine, with any port', async () => {
    for (const host of ['127.0.0.1:4173', '[::1]:8080', 'localhost']) {
      const html = (await store.app.inject({ url: productUrl(), headers: { host } })).body;
      expect(html).toContain(`<link rel="canonical" href="http://${host}${productUrl()}" data-server-head>`);
    }
  });

  it('uses PUBLIC_URL whatever the Host says', async () => {
    const html = (await publicApp.inject({ url: productUrl(), headers: { host: '127.0.0.1:4173' } })).body;
    expect(html).toContain(
      `<link rel="canonical" href="https://gifts.example.in${productUrl()}" data-server-head>`,
    );
    const robots = (await publicApp.inject({ url: '/robots.txt', headers: forged })).body;
    expect(robots).toContain('Sitemap: https://gifts.example.in/sitemap.xml');
  });
});
