// The home's claims come from the live catalogue, so the store never claims what its
// catalogue does not back ("Prices start at ₹50" when the cheapest gift was ₹59). The bulk-orders
// page states the same price claim from the same figure, so two pages never disagree.
import type { CatalogSummary } from './api/catalog';
import { formatInr } from './money';
import type { StoreSettings } from './store-settings';

/** 520 → '500+ products', 1,234 → '1,200+ products', 47 → '40+ products', 3 → '3 products'. */
/** '1 product', '2 products', '1,250 products' (en-IN grouping). */
export const productCountLabel = (count: number): string =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'}`;

export function productCountClaim(productCount: number): string | null {
  if (productCount <= 0) return null;
  if (productCount < 10) return productCountLabel(productCount);
  const step = productCount < 100 ? 10 : 100;
  const roundedDown = Math.floor(productCount / step) * step;
  return `${roundedDown.toLocaleString('en-IN')}+ products`;
}

/** 'Prices start at ₹59' from the cheapest product; null for an empty catalogue. */
export function lowestPriceClaim(lowestPrice: number | null): string | null {
  return lowestPrice === null ? null : `Prices start at ${formatInr(lowestPrice)}`;
}

/** The claims of a page description: 'Prices start at ₹59, 500+ products' (or fewer parts). */
export function catalogClaims(summary: CatalogSummary): string[] {
  return [lowestPriceClaim(summary.lowestPrice), productCountClaim(summary.productCount)].filter(
    (claim): claim is string => claim !== null,
  );
}

/** The home's description (its meta tag, written by the server and by the page alike). */
export function homeDescription(
  settings: Pick<StoreSettings, 'tagline' | 'sameDayCity' | 'freeShippingFrom'>,
  summary: CatalogSummary | undefined,
): string {
  const sentence = [
    ...(summary ? catalogClaims(summary) : []),
    `same-day delivery in ${settings.sameDayCity}`,
    `free shipping from ${formatInr(settings.freeShippingFrom)}`,
    '7-day returns',
  ].join(', ');
  return `${settings.tagline}. ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
