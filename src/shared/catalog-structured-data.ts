import type { Product, ProductDetails } from './api/catalog';
import { stockStatus } from './cart-rules';
import { netQuantityText } from './legal-metrology-terms';
import { formatInr } from './money';
import { productPath } from './slug';
import { instagramLink } from './store-links';
import type { StoreSettings } from './store-settings';

// DESIGN 4 "Analytics and SEO": schema.org JSON-LD, written by the server into the HTML head and by
// the web app's PageMeta, from one definition so both say the same thing.

const CONTEXT = 'https://schema.org';

/** A site path joined to the origin as written (like the canonical link); a full URL kept. */
const absolute = (pathOrUrl: string, origin: string) =>
  pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')
    ? `${origin}${pathOrUrl}`
    : new URL(pathOrUrl, origin).toString();

const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  pre_order: 'https://schema.org/PreOrder',
  out_of_stock: 'https://schema.org/OutOfStock',
} as const;

/** schema.org availability: InStock, PreOrder (out of stock, pre-order allowed) or OutOfStock. */
export const availabilityOf = (product: Pick<Product, 'inStock' | 'allowPreOrder'>) =>
  AVAILABILITY[stockStatus(product)];

/** A meta description: one line, at most about 160 characters, cut at a word. */
export function metaDescription(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/**
 * Decision 0059: the Legal Metrology declarations schema.org has a property for: the country of
 * origin, the manufacturer (only when the declared maker is one: a packer or importer is not) and
 * the net quantity as the size.
 */
function declarationsJsonLd(details: ProductDetails | undefined): object {
  const declared = details?.declarations;
  if (!declared) return {};
  return {
    ...(declared.countryOfOrigin
      ? { countryOfOrigin: { '@type': 'Country', name: declared.countryOfOrigin } }
      : {}),
    ...(declared.makerRole === 'manufacturer' && declared.makerName
      ? {
          manufacturer: {
            '@type': 'Organization',
            name: declared.makerName,
            ...(declared.makerAddress ? { address: declared.makerAddress } : {}),
          },
        }
      : {}),
    ...(declared.netQuantity !== undefined && declared.netUnit
      ? { size: netQuantityText(declared.netQuantity, declared.netUnit) }
      : {}),
  };
}

export function productJsonLd(
  product: Product,
  origin: string,
  storeName: string,
  details?: ProductDetails,
): object {
  const url = absolute(productPath(product), origin);
  const images = [product.image, ...product.images].filter(Boolean).map((image) => absolute(image, origin));
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: String(product.id),
    url,
    category: product.category,
    ...(images.length > 0 ? { image: images } : {}),
    brand: { '@type': 'Brand', name: storeName },
    ...declarationsJsonLd(details),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'INR',
      availability: availabilityOf(product),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: storeName },
    },
    ...(product.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            ratingCount: product.ratingCount,
            bestRating: 5,
          },
        }
      : {}),
  };
}

/** A listing's title (before the store's name): its heading, and the search when there is one. */
export const listingTitle = (heading: string, search?: string) =>
  search ? `${heading}: '${search}'` : heading;

/** A listing's description when its category has none of its own. */
export const listingDescription = (categoryName: string | undefined, freeShippingFrom: number) =>
  `Shop ${categoryName ?? 'return gifts and presents'} for every celebration: prices from ₹50, free shipping from ${formatInr(freeShippingFrom)}.`;

export type Crumb = { name: string; path: string };

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path, origin),
    })),
  };
}

export function itemListJsonLd(items: Pick<Product, 'id' | 'name'>[], origin: string, name?: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    ...(name ? { name } : {}),
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absolute(productPath(item), origin),
    })),
  };
}

export function organizationJsonLd(
  settings: Pick<StoreSettings, 'storeName' | 'supportEmail' | 'instagramHandle'>,
  origin: string,
): object {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: settings.storeName,
    url: absolute('/', origin),
    logo: absolute('/favicon.svg', origin),
    email: settings.supportEmail,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: settings.supportEmail },
    sameAs: [instagramLink(settings)],
  };
}

/** Lets search engines offer a search box that opens the store's listing. */
export function websiteJsonLd(storeName: string, origin: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: storeName,
    url: absolute('/', origin),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absolute('/products', origin)}?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}
