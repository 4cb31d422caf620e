import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '../../../shared/catalog-limits';
import { DELIVERY_SPEED_VALUES, OCCASION_TAGS, RECIPIENT_TAGS } from '../../../shared/gift-finder';
import type { ListingFilters } from './listing-url';

// The listing filters' check (SPEC 2, decision 0070): the search within the server's limit, the
// tags among those the store knows. Prices are the page's to judge (priceProblem), as it reads
// them from the address bar too. filters-panel.tsx loads this module at the form's first focus
// (decision 0088).
const FilterValues = z.object({
  search: z.string().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`),
  category: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  sort: z.enum(['', 'relevance', 'featured', 'newest', 'price_asc', 'price_desc', 'rating']),
  country: z.string().optional(),
  occasion: z.enum(OCCASION_TAGS).or(z.literal('')).optional(),
  recipient: z.enum(RECIPIENT_TAGS).or(z.literal('')).optional(),
  delivery: z.enum(DELIVERY_SPEED_VALUES).or(z.literal('')).optional(),
}) satisfies z.ZodType<ListingFilters>;

export const checkFilters = zodResolver(FilterValues);
