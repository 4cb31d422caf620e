import type { FastifyRequest } from 'fastify';
import { productImageSrcSet } from '../../shared/product-images';
import { AppError } from '../errors';
import { escapeHtml } from './escape-html';

/**
 * What the server writes into a page's <head> so crawlers and chat apps without JavaScript see
 * the page (DESIGN 4 "Analytics and SEO"). Modules register resolvers for their URLs.
 */
export type PageHead = {
  title: string;
  description: string;
  /** Path only; the absolute URL is built from PUBLIC_URL or the request's host. */
  canonicalPath: string;
  /** For link previews (og:image). */
  image?: string;
  /**
   * The image is also the page's largest paint (a product's main photo), shown at these `sizes`:
   * the browser fetches it first. Not for a category's picture, which its page does not show.
   */
  preloadImage?: { sizes: string };
  ogType?: 'website' | 'product';
  jsonLd?: object[];
};

export type PageHeadResolver = (path: string, request: FastifyRequest) => Promise<PageHead | null>;

export type PageHeads = {
  add(matches: (path: string) => boolean, resolve: PageHeadResolver): void;
  resolve(path: string, request: FastifyRequest): Promise<PageHead | null>;
};

export function createPageHeads(): PageHeads {
  const resolvers: { matches: (path: string) => boolean; resolve: PageHeadResolver }[] = [];
  return {
    add(matches, resolve) {
      resolvers.push({ matches, resolve });
    },
    async resolve(path, request) {
      for (const entry of resolvers) {
        if (entry.matches(path)) return entry.resolve(path, request);
      }
      return null;
    },
  };
}

/** The one segment after a prefix: '/product/tea-set-12/' → 'tea-set-12'. */
export function segmentAfter(prefix: string, path: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length).replace(/\/$/, '');
  return rest && !rest.includes('/') ? rest : null;
}

/** A missing product or collection gets the default head; the page itself then redirects. */
export async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.kind === 'notFound') return null;
    throw error;
  }
}

/** JSON inside a <script> must not be able to close the tag. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function renderHead(head: PageHead, origin: string, storeName: string): string {
  const url = `${origin}${head.canonicalPath}`;
  const image = head.image ? new URL(head.image, origin).toString() : undefined;
  const tags = [
    `<title data-server-head>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" data-server-head>`,
    `<link rel="canonical" href="${escapeHtml(url)}" data-server-head>`,
    `<meta property="og:site_name" content="${escapeHtml(storeName)}" data-server-head>`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" data-server-head>`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" data-server-head>`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" data-server-head>`,
    `<meta property="og:url" content="${escapeHtml(url)}" data-server-head>`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" data-server-head>`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" data-server-head>`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" data-server-head>`,
  ];
  if (image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}" data-server-head>`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" data-server-head>`,
    );
  }
  if (head.image && head.preloadImage) {
    // With the picture's srcset and sizes, the preload picks the copy the <img> will pick, so a
    // screen of another density does not download the picture twice.
    const srcSet = productImageSrcSet(head.image);
    const responsive = srcSet
      ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(head.preloadImage.sizes)}"`
      : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(head.image)}"${responsive} fetchpriority="high" data-server-head>`,
    );
  }
  for (const item of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json" data-server-head>${scriptSafeJson(item)}</script>`);
  }
  return tags.join('\n    ');
}
