import type { ProductQuery } from '../../../shared/api/catalog';
import { DELIVERY_SPEED_VALUES, OCCASION_TAGS, RECIPIENT_TAGS } from '../../../shared/gift-finder';
import { EMPTY_FILTERS, type ListingFilters, type ListingSort, listingUrl } from './listing-url';

// SPEC 2 "Product listing" filters: their type and URL are in listing-url.ts, which the header's
// search uses on every page; the rest (sorting, prices, the API query) loads with the listing.
export { EMPTY_FILTERS, type ListingFilters, type ListingSort, listingUrl };

/** SPEC 2 sort labels; 'Best Match' is offered only while searching, where it is the default. */
export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: 'relevance', label: 'Best Match' },
  { value: 'featured', label: 'Featured First' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price Low to High' },
  { value: 'price_desc', label: 'Price High to Low' },
  { value: 'rating', label: 'Highest Rated' },
];

const SORT_QUERY: Readonly<Record<ListingSort, Pick<ProductQuery, 'sort' | 'order'>>> = {
  relevance: { sort: 'relevance' },
  featured: { sort: 'featured' },
  newest: { sort: 'id', order: 'desc' },
  price_asc: { sort: 'price', order: 'asc' },
  price_desc: { sort: 'price', order: 'desc' },
  rating: { sort: 'rating', order: 'desc' },
};

const isSort = (value: string | null): value is ListingSort =>
  SORT_OPTIONS.some((option) => option.value === value);

/** The value of `name` when it is one of `options`; a hand-typed unknown one is left out. */
function oneOf<T extends string>(searchParams: URLSearchParams, name: string, options: readonly T[]) {
  const value = searchParams.get(name);
  return options.find((known) => known === value);
}

export function filtersFromUrl(searchParams: URLSearchParams, category = ''): ListingFilters {
  const sort = searchParams.get('sort');
  const country = searchParams.get('country');
  const occasion = oneOf(searchParams, 'occasion', OCCASION_TAGS);
  const recipient = oneOf(searchParams, 'recipient', RECIPIENT_TAGS);
  const delivery = oneOf(searchParams, 'delivery', DELIVERY_SPEED_VALUES);
  return {
    search: searchParams.get('search') ?? '',
    category,
    minPrice: searchParams.get('minPrice') ?? '',
    maxPrice: searchParams.get('maxPrice') ?? '',
    sort: isSort(sort) ? sort : '',
    ...(country ? { country } : {}),
    ...(occasion ? { occasion } : {}),
    ...(recipient ? { recipient } : {}),
    ...(delivery ? { delivery } : {}),
  };
}

export const effectiveSort = (filters: ListingFilters): ListingSort =>
  filters.sort === 'relevance' && !filters.search.trim()
    ? 'featured'
    : filters.sort || (filters.search.trim() ? 'relevance' : 'featured');

/** A price field's rupees, or null when it is empty or not a usable number. */
export function parsePrice(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const rupees = Number(text);
  return Number.isFinite(rupees) && rupees <= 10_000_000 ? rupees : null;
}

/** Why the price fields cannot be used as typed, or null when they can. */
export function priceProblem(filters: Pick<ListingFilters, 'minPrice' | 'maxPrice'>): string | null {
  const min = filters.minPrice.trim();
  const max = filters.maxPrice.trim();
  if ((min && parsePrice(min) === null) || (max && parsePrice(max) === null)) {
    return 'Enter prices as whole rupees, e.g. 500';
  }
  const low = parsePrice(min);
  const high = parsePrice(max);
  if (low !== null && high !== null && low > high) return 'Min price must not be more than max price';
  return null;
}

/**
 * The API query of the filters; unusable prices are left out rather than sent, and so is the
 * delivery filter until a pincode is chosen (`pincode`, the shopper's delivery location).
 */
export function toProductQuery(filters: ListingFilters, pincode: string | null = null): ProductQuery {
  const query: ProductQuery = { ...SORT_QUERY[effectiveSort(filters)] };
  const search = filters.search.trim();
  if (search) query.search = search.slice(0, 500);
  if (filters.category) query.category = filters.category;
  if (filters.country) query.country = filters.country;
  if (filters.occasion) query.occasion = filters.occasion;
  if (filters.recipient) query.recipient = filters.recipient;
  if (filters.delivery && pincode) {
    query.delivery = filters.delivery;
    query.pincode = pincode;
  }
  if (priceProblem(filters) === null) {
    const min = parsePrice(filters.minPrice);
    const max = parsePrice(filters.maxPrice);
    if (min !== null) query.minPrice = min;
    if (max !== null) query.maxPrice = max;
  }
  return query;
}

export const hasActiveFilters = (filters: ListingFilters) =>
  Boolean(
    filters.search.trim() ||
      filters.category ||
      filters.minPrice.trim() ||
      filters.maxPrice.trim() ||
      filters.sort ||
      filters.country ||
      filters.occasion ||
      filters.recipient ||
      filters.delivery,
  );
