import type { FastifyInstance } from 'fastify';
import { breadcrumbJsonLd, metaDescription } from '../../../shared/catalog-structured-data';
import { policyPageAt } from '../../../shared/policy-pages';
import type { PageHead } from '../../http/page-head';
import { publicOrigin } from '../../http/public-origin';

/**
 * The heads of the policy pages and Contact, written by the server like the catalogue's
 * (page-head.ts), so a crawler sees each page's own title, description and canonical link.
 */
export function registerPolicyPageHeads(app: FastifyInstance) {
  app.pageHeads.add(
    (path) => policyPageAt(path) !== undefined,
    async (path, request): Promise<PageHead | null> => {
      const page = policyPageAt(path);
      if (!page) return null;
      return {
        title: `${page.title} | ${app.settings.current().storeName}`,
        description: metaDescription(page.description),
        canonicalPath: page.path,
        // The same trail the page's own PageMeta writes (components/policy-article.tsx).
        jsonLd: [
          breadcrumbJsonLd(
            [
              { name: 'Home', path: '/' },
              { name: page.title, path: page.path },
            ],
            publicOrigin(request),
          ),
        ],
      };
    },
  );
}
