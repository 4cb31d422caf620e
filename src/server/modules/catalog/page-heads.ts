import type { FastifyInstance } from 'fastify';
import { homeDescription } from '../../../shared/catalog-claims';
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  listingDescription,
  listingTitle,
  metaDescription,
  organizationJsonLd,
  productJsonLd,
  websiteJsonLd,
} from '../../../shared/catalog-structured-data';
import { formatInr } from '../../../shared/money';
import { DETAIL_IMAGE_SIZES } from '../../../shared/product-images';
import { categoryPath, collectionPath, idFromSlug, productPath } from '../../../shared/slug';
import { AppError } from '../../errors';
import type { PageHead } from '../../http/page-head';
import { publicOrigin } from '../../http/public-origin';
import { storeSettingsFrom } from '../store';

/** The one segment after a prefix: '/product/tea-set-12/' → 'tea-set-12'. */
function segmentAfter(prefix: string, path: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length).replace(/\/$/, '');
  return rest && !rest.includes('/') ? rest : null;
}

/** A missing product or collection gets the default head; the page itself then redirects. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'notFound') return null;
    throw error;
  }
}

/**
 * DESIGN 4 "Analytics and SEO": the head of /, /products, /product/*, /collection/* and /category/* written by
 * the server, so crawlers and chat-app link previews see the title, image and JSON-LD.
 */
export function registerCatalogPageHeads(app: FastifyInstance) {
  // The owner's settings as this instance last read them; the web app reads them before
  // building each page (http/web-app.ts), so a head never lags a save.
  const settingsNow = () => storeSettingsFrom(app.config, app.settings.current());
  const titled = (name: string) => `${name} | ${settingsNow().storeName}`;

  app.pageHeads.add(
    (path) => path === '/',
    async (_path, request): Promise<PageHead> => {
      const origin = publicOrigin(request);
      return {
        title: `${settingsNow().storeName} | Return gifts and gifts for every occasion`,
        description: metaDescription(homeDescription(settingsNow(), await app.catalog.catalogSummary())),
        canonicalPath: '/',
        jsonLd: [organizationJsonLd(settingsNow(), origin), websiteJsonLd(settingsNow().storeName, origin)],
      };
    },
  );

  app.pageHeads.add(
    (path) => path.startsWith('/product/'),
    async (path, request): Promise<PageHead | null> => {
      const id = idFromSlug(segmentAfter('/product/', path) ?? undefined);
      if (id === null) return null;
      const product = await orNull(() => app.catalog.getProduct(id));
      if (!product) return null;
      const details = (await orNull(() => app.catalog.productDetails(id))) ?? undefined;
      const origin = publicOrigin(request);
      return {
        title: titled(product.name),
        description: metaDescription(
          `${product.name} for ${formatInr(product.price)}. ${product.description || `${product.category} from ${settingsNow().storeName}.`}`,
        ),
        canonicalPath: productPath(product),
        ...(product.image ? { image: product.image, preloadImage: { sizes: DETAIL_IMAGE_SIZES } } : {}),
        ogType: 'product',
        jsonLd: [
          productJsonLd(product, origin, settingsNow().storeName, details),
          breadcrumbJsonLd(
            [
              { name: 'Home', path: '/' },
              { name: product.category, path: categoryPath(product.categoryData) },
              { name: product.name, path: productPath(product) },
            ],
            origin,
          ),
        ],
      };
    },
  );

  app.pageHeads.add(
    (path) => path === '/products' || path === '/products/',
    async (_path, request): Promise<PageHead> => {
      const origin = publicOrigin(request);
      const { search } = request.query as { search?: unknown };
      // The ItemList is the canonical listing's (/products as it first opens), whatever the filters.
      const { data } = await app.catalog.listProducts({ limit: 24, page: 1 });
      const heading = 'All Products';
      return {
        title: titled(listingTitle(heading, typeof search === 'string' ? search.trim() : undefined)),
        description: metaDescription(listingDescription(undefined, settingsNow().freeShippingFrom)),
        canonicalPath: '/products',
        ...(data[0]?.image ? { image: data[0].image } : {}),
        jsonLd: [
          breadcrumbJsonLd(
            [
              { name: 'Home', path: '/' },
              { name: 'Products', path: '/products' },
            ],
            origin,
          ),
          itemListJsonLd(data, origin, heading),
        ],
      };
    },
  );

  app.pageHeads.add(
    (path) => path.startsWith('/collection/'),
    async (path, request): Promise<PageHead | null> => {
      const id = idFromSlug(segmentAfter('/collection/', path) ?? undefined);
      if (id === null) return null;
      const collection = await orNull(() => app.catalog.getCollection(id));
      if (!collection) return null;
      const origin = publicOrigin(request);
      const image = collection.image || collection.products[0]?.image;
      return {
        title: titled(collection.name),
        description: metaDescription(
          collection.description ||
            `${collection.name}: ${collection.products.length} gifts from ${settingsNow().storeName}.`,
        ),
        canonicalPath: collectionPath(collection),
        ...(image ? { image } : {}),
        jsonLd: [
          breadcrumbJsonLd(
            [
              { name: 'Home', path: '/' },
              { name: 'Collections', path: '/collections' },
              { name: collection.name, path: collectionPath(collection) },
            ],
            origin,
          ),
          itemListJsonLd(collection.products.slice(0, 50), origin, collection.name),
        ],
      };
    },
  );

  app.pageHeads.add(
    (path) => path.startsWith('/category/'),
    async (path, request): Promise<PageHead | null> => {
      const segment = segmentAfter('/category/', path);
      if (!segment) return null;
      const category = (await app.catalog.listCategories()).find((entry) => entry.slug === segment);
      if (!category) return null;
      const origin = publicOrigin(request);
      const { data } = await app.catalog.listProducts({ category: category.slug, limit: 24, page: 1 });
      const image = category.image || data[0]?.image;
      return {
        title: titled(category.name),
        description: metaDescription(
          category.description || listingDescription(category.name, settingsNow().freeShippingFrom),
        ),
        canonicalPath: categoryPath(category),
        ...(image ? { image } : {}),
        jsonLd: [
          breadcrumbJsonLd(
            [
              { name: 'Home', path: '/' },
              { name: 'Categories', path: '/categories' },
              { name: category.name, path: categoryPath(category) },
            ],
            origin,
          ),
          itemListJsonLd(data, origin, category.name),
        ],
      };
    },
  );
}
