// SPEC 2 "Product listing" filters, kept in the URL so a filtered listing can be shared and
// survives a reload: /products?search=diya&minPrice=100&sort=price_asc, or
// /category/diwali-gifts?sort=rating for a category.

import type { DeliverySpeed, Occasion, Recipient } from '../../../shared/gift-finder';

export type ListingSort = 'relevance' | 'featured' | 'newest' | 'price_asc' | 'price_desc' | 'rating';

export type ListingFilters = {
  search: string;
  /** A category slug; it lives in the path (/category/{slug}), not the query. */
  category: string;
  minPrice: string;
  maxPrice: string;
  /** '' means the default: Best Match while searching, else Featured First. */
  sort: ListingSort | '';
  /** Decision 0059: a country of origin; '' (or absent) is any. */
  country?: string;
  /** Decision 0070: an occasion's tag, a recipient's tag, how soon at the chosen pincode. */
  occasion?: Occasion | '';
  recipient?: Recipient | '';
  delivery?: DeliverySpeed | '';
};

export const EMPTY_FILTERS: ListingFilters = {
  search: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  sort: '',
};

/** The listing URL of the filters: the category in the path, the rest in the query. */
export function listingUrl(filters: ListingFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.minPrice.trim()) params.set('minPrice', filters.minPrice.trim());
  if (filters.maxPrice.trim()) params.set('maxPrice', filters.maxPrice.trim());
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.country) params.set('country', filters.country);
  if (filters.occasion) params.set('occasion', filters.occasion);
  if (filters.recipient) params.set('recipient', filters.recipient);
  if (filters.delivery) params.set('delivery', filters.delivery);
  const query = params.toString();
  const path = filters.category ? `/category/${encodeURIComponent(filters.category)}` : '/products';
  return query ? `${path}?${query}` : path;
}
