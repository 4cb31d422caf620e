import type { FastifyInstance } from 'fastify';
import { breadcrumbJsonLd, metaDescription } from '../../../shared/catalog-structured-data';
import { TRACK_PAGE } from '../../../shared/courier-events';
import type { PageHead } from '../../http/page-head';
import { publicOrigin } from '../../http/public-origin';

/** /track's head, written by the server like the policy pages' (page-head.ts). */
export function registerTrackPageHead(app: FastifyInstance) {
  const storeName = app.config.STORE_NAME;
  app.pageHeads.add(
    (path) => path === TRACK_PAGE.path,
    async (_path, request): Promise<PageHead> => ({
      title: `${TRACK_PAGE.title} | ${storeName}`,
      description: metaDescription(TRACK_PAGE.description),
      canonicalPath: TRACK_PAGE.path,
      jsonLd: [
        breadcrumbJsonLd(
          [
            { name: 'Home', path: '/' },
            { name: TRACK_PAGE.title, path: TRACK_PAGE.path },
          ],
          publicOrigin(request),
        ),
      ],
    }),
  );
}
