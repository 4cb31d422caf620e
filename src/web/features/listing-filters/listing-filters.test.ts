import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  effectiveSort,
  filtersFromUrl,
  listingUrl,
  priceProblem,
  toProductQuery,
} from './listing-filters';

describe('listing filters and the URL', () => {
  it('reads the filters from the query and the category from the path', () => {
    const params = new URLSearchParams('search=brass+diya&minPrice=100&maxPrice=900&sort=price_desc');
    expect(filtersFromUrl(params, 'diwali-gifts')).toEqual({
      search: 'brass diya',
      category: 'diwali-gifts',
      minPrice: '100',
      maxPrice: '900',
      sort: 'price_desc',
    });
  });

  it('ignores a sort value it does not know', () => {
    expect(filtersFromUrl(new URLSearchParams('sort=cheapest')).sort).toBe('');
  });

  it('writes the category into the path and the rest into the query, leaving out empty fields', () => {
    expect(listingUrl({ ...EMPTY_FILTERS, category: 'rakhi', sort: 'rating' })).toBe(
      '/category/rakhi?sort=rating',
    );
    expect(listingUrl({ ...EMPTY_FILTERS, search: '  kids kit ', minPrice: '50' })).toBe(
      '/products?search=kids+kit&minPrice=50',
    );
    expect(listingUrl(EMPTY_FILTERS)).toBe('/products');
  });

  it('round-trips through the URL', () => {
    const filters = {
      search: 'potli',
      category: 'birthday-return-gifts',
      minPrice: '',
      maxPrice: '500',
      sort: 'newest' as const,
    };
    const url = new URL(listingUrl(filters), 'http://store.test');
    const category = url.pathname.split('/')[2] ?? '';
    expect(filtersFromUrl(url.searchParams, category)).toEqual(filters);
  });
});

describe('the API query of the filters', () => {
  it.each([
    ['featured', { sort: 'featured' }],
    ['newest', { sort: 'id', order: 'desc' }],
    ['price_asc', { sort: 'price', order: 'asc' }],
    ['price_desc', { sort: 'price', order: 'desc' }],
    ['rating', { sort: 'rating', order: 'desc' }],
  ] as const)('sends %s as %j', (sort, expected) => {
    expect(toProductQuery({ ...EMPTY_FILTERS, sort })).toEqual(expected);
  });

  it('ranks by best match while searching unless a sort is chosen, and featured first otherwise', () => {
    expect(effectiveSort({ ...EMPTY_FILTERS, search: 'diya' })).toBe('relevance');
    expect(effectiveSort(EMPTY_FILTERS)).toBe('featured');
    expect(effectiveSort({ ...EMPTY_FILTERS, sort: 'relevance' })).toBe('featured');
    expect(toProductQuery({ ...EMPTY_FILTERS, search: ' diya ', category: 'diwali-gifts' })).toEqual({
      sort: 'relevance',
      search: 'diya',
      category: 'diwali-gifts',
    });
  });

  it('sends prices as rupees, and leaves out prices that cannot be used', () => {
    expect(toProductQuery({ ...EMPTY_FILTERS, minPrice: '100', maxPrice: '499.50' })).toMatchObject({
      minPrice: 100,
      maxPrice: 499.5,
    });
    const backwards = { ...EMPTY_FILTERS, minPrice: '900', maxPrice: '100' };
    expect(priceProblem(backwards)).toBe('Min price must not be more than max price');
    expect(toProductQuery(backwards)).toEqual({ sort: 'featured' });
    expect(priceProblem({ minPrice: 'abc', maxPrice: '' })).toBe('Enter prices as whole rupees, e.g. 500');
    expect(priceProblem({ minPrice: '', maxPrice: '' })).toBeNull();
  });
});
