import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendCacheable } from './cacheable-response';
import { publicOrigin } from './public-origin';

/** The sitemap protocol allows at most 50,000 URLs a file; bigger catalogues get an index. */
const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

const SITE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * DESIGN 4: /robots.txt and /sitemap.xml for crawlers, the sitemap listing the pages the catalogue
 * names (sitemapEntries: every product, category and collection, the policy pages).
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', async (request, reply) => {
    const origin = publicOrigin(request);
    const body = [
      'User-agent: *',
      'Allow: /',
      // Personal and transactional pages hold nothing to index.
      'Disallow: /api/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /payment',
      'Disallow: /orders',
      'Disallow: /order-confirmation/',
      'Disallow: /wishlist',
      'Disallow: /admin',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return sendCacheable(request, reply, body, {
      contentType: 'text/plain; charset=utf-8',
      cacheControl: SITE_CACHE_CONTROL,
    });
  });

  async function urlset(request: FastifyRequest, part: number | null) {
    const origin = publicOrigin(request);
    const entries = await app.catalog.sitemapEntries();
    const slice =
      part === null ? entries : entries.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS);
    const urls = slice.map((entry) => {
      const location = escapeXml(`${origin}${encodeURI(entry.path)}`);
      const lastModified = entry.lastModified
        ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
        : '';
      return `<url><loc>${location}</loc>${lastModified}</url>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const entries = await app.catalog.sitemapEntries();
    const xmlOptions = { contentType: 'application/xml; charset=utf-8', cacheControl: SITE_CACHE_CONTROL };
    if (entries.length <= SITEMAP_MAX_URLS)
      return sendCacheable(request, reply, await urlset(request, null), xmlOptions);
    const origin = publicOrigin(request);
    const parts = Math.ceil(entries.length / SITEMAP_MAX_URLS);
    const sitemaps = Array.from(
      { length: parts },
      (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
    );
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
    return sendCacheable(request, reply, index, xmlOptions);
  });

  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
    const part = /^\d{1,4}$/.test(request.params.part) ? Number(request.params.part) : 0;
    const entries = await app.catalog.sitemapEntries();
    if (part < 1 || (part - 1) * SITEMAP_MAX_URLS >= entries.length) {
      return reply.code(404).send({ message: 'Not found', requestId: request.id });
    }
    return sendCacheable(request, reply, await urlset(request, part), {
      contentType: 'application/xml; charset=utf-8',
      cacheControl: SITE_CACHE_CONTROL,
    });
  });
};
