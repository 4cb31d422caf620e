import type { FastifyInstance } from 'fastify';
import { breadcrumbJsonLd, itemListJsonLd, metaDescription } from '../../../shared/catalog-structured-data';
import { collectionPath, idFromSlug } from '../../../shared/slug';
import { orNull, type PageHead, segmentAfter } from '../../http/page-head';
import { publicOrigin } from '../../http/public-origin';
import { storeSettingsFrom } from '../store';

/**
 * DESIGN 4 "Analytics and SEO": the head of /collection/* written by the server, as the
 * catalogue's pages have theirs, so crawlers and link previews see its name, image and products.
 */
export function registerCollectionPageHead(app: FastifyInstance) {
  // The owner's settings as this instance last read them (see the catalogue's page-heads.ts).
  const settingsNow = () => storeSettingsFrom(app.config, app.settings.current());

  app.pageHeads.add(
    (path) => path.startsWith('/collection/'),
    async (path, request): Promise<PageHead | null> => {
      const id = idFromSlug(segmentAfter('/collection/', path) ?? undefined);
      if (id === null) return null;
      const collection = await orNull(() => app.collections.getCollection(id));
      if (!collection) return null;
      const origin = publicOrigin(request);
      const image = collection.image || collection.products[0]?.image;
      return {
        title: `${collection.name} | ${settingsNow().storeName}`,
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
}
