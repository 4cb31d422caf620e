import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AddOn,
  AddOnsOffered,
  CatalogCountries,
  CatalogSummary,
  Category,
  CollectionDetail,
  CollectionResponse,
  CollectionSummary,
  Product,
  ProductDetailsResponse,
  ProductList,
  ProductQuery,
  ProductResponse,
  SimilarProducts,
} from '../../../shared/api/catalog';
import { HOME_FEATURED_COUNT, LISTING_PAGE_SIZE } from '../../../shared/catalog-limits';
import { apiRequest } from '../../api/client';

// SPEC 7 catalogue calls as TanStack Query hooks.

export const catalogKeys = {
  all: ['catalog'] as const,
  listing: (query: ProductQuery) => ['catalog', 'listing', query] as const,
  /** The first cards of a listing, rendered by the server until the listing's page arrives. */
  listingPreview: (query: ProductQuery) => ['catalog', 'listing-preview', query] as const,
  product: (id: number) => ['catalog', 'product', id] as const,
  similar: (id: number) => ['catalog', 'similar', id] as const,
  addOns: (id: number) => ['catalog', 'add-ons', id] as const,
  details: (id: number) => ['catalog', 'details', id] as const,
  countries: ['catalog', 'countries'] as const,
  featured: ['catalog', 'featured'] as const,
  categories: ['catalog', 'categories'] as const,
  summary: ['catalog', 'summary'] as const,
  collections: ['catalog', 'collections'] as const,
  collection: (id: number) => ['catalog', 'collection', id] as const,
};

export function fetchProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductList> {
  return apiRequest<ProductList>('/products', { query, ...(signal ? { signal } : {}) });
}

/** Merges listing pages in order, keeping the first copy of a product seen twice (SPEC 4). */
export function mergeProductPages(pages: readonly ProductList[]): Product[] {
  const seen = new Set<number>();
  const merged: Product[] = [];
  for (const page of pages) {
    for (const product of page.data) {
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      merged.push(product);
    }
  }
  return merged;
}

/**
 * SPEC 4 "Listing": pages of 1000; the next page exists while the last one was full. A filter
 * change is a new query key, so it starts again from page 1.
 */
export function useProductListing(query: ProductQuery) {
  return useInfiniteQuery({
    queryKey: catalogKeys.listing(query),
    queryFn: ({ pageParam, signal }) =>
      fetchProducts({ ...query, page: pageParam, limit: LISTING_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.data.length < LISTING_PAGE_SIZE ? undefined : lastPageParam + 1,
    placeholderData: keepPreviousData,
  });
}

export function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return apiRequest<ProductResponse>(`/products/${id}`, signal ? { signal } : {}).then(
    (body) => body.product,
  );
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: catalogKeys.product(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id ?? 0, signal),
    enabled: id !== null,
    // A missing product redirects at once (SPEC 4); retrying a 404 only delays that.
    retry: false,
  });
}

/** Decision 0059: the product's Legal Metrology declarations and unit sale price. */
export function useProductDetails(id: number) {
  return useQuery({
    queryKey: catalogKeys.details(id),
    queryFn: ({ signal }) =>
      apiRequest<ProductDetailsResponse>(`/products/${id}/details`, { signal }).then((body) => body.details),
    staleTime: 60_000,
  });
}

/** Decision 0059: the countries of origin of the products for sale (the listing's filter). */
export function useCatalogCountries() {
  return useQuery({
    queryKey: catalogKeys.countries,
    queryFn: ({ signal }) =>
      apiRequest<CatalogCountries>('/catalog-countries', { signal }).then((body) => body.countries),
    staleTime: 60_000,
  });
}

/** "You may also like" (similar-products.tsx asks once the shopper scrolls near it). */
export function useSimilarProducts(id: number) {
  return useQuery({
    queryKey: catalogKeys.similar(id),
    queryFn: ({ signal }) =>
      apiRequest<SimilarProducts>(`/products/${id}/similar`, { signal }).then((body) => body.data),
    staleTime: 60_000,
  });
}

/** Decision 0079: the add-ons offered after Add to Cart (add-on-step.tsx asks once it is tapped). */
export function useAddOns(id: number) {
  return useQuery({
    queryKey: catalogKeys.addOns(id),
    queryFn: ({ signal }): Promise<AddOn[]> =>
      apiRequest<AddOnsOffered>(`/products/${id}/add-ons`, { signal }).then((body) => body.data),
    staleTime: 60_000,
  });
}

/**
 * SPEC 7 call pattern: featured products, else (none, or an error) the newest by created_at; only
 * the first 6 are shown. `list` is the API here and the catalogue service in the server renderer.
 */
export async function loadFeaturedProducts(
  list: (query: ProductQuery) => Promise<ProductList>,
): Promise<Product[]> {
  try {
    const featured = await list({ featured: true, limit: HOME_FEATURED_COUNT });
    if (featured.data.length > 0) return featured.data.slice(0, HOME_FEATURED_COUNT);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
  }
  const newest = await list({ sort: 'created_at', limit: HOME_FEATURED_COUNT });
  return newest.data.slice(0, HOME_FEATURED_COUNT);
}

export function useFeaturedProducts() {
  return useQuery({
    queryKey: catalogKeys.featured,
    queryFn: ({ signal }) => loadFeaturedProducts((query) => fetchProducts(query, signal)),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => apiRequest<Category[]>('/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The live figures behind the home's claims. */
export function useCatalogSummary() {
  return useQuery({
    queryKey: catalogKeys.summary,
    queryFn: ({ signal }) => apiRequest<CatalogSummary>('/catalog-summary', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCollections() {
  return useQuery({
    queryKey: catalogKeys.collections,
    queryFn: ({ signal }) => apiRequest<CollectionSummary[]>('/collections', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCollection(id: number | null) {
  return useQuery<CollectionDetail>({
    queryKey: catalogKeys.collection(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<CollectionResponse>(`/collections/${id}`, { signal }).then((body) => body.data),
    enabled: id !== null,
    retry: false,
  });
}
