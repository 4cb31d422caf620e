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
import { categoryPath, idFromSlug, productPath } from '../../../shared/slug';
import { orNull, type PageHead, segmentAfter } from '../../http/page-head';
import { publicOrigin } from '../../http/public-origin';
import { storeSettingsFrom } from '../store';

/**
 * DESIGN 4 "Analytics and SEO": the head of /, /products, /product/* and /category/* written by
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
