import type { SearchSuggestions } from '../../../shared/api/catalog';
import { apiRequest } from '../../api/client';

/** GET /api/search/suggestions for what the shopper has typed so far. */
export function fetchSuggestions(q: string, signal: AbortSignal): Promise<SearchSuggestions> {
  return apiRequest<SearchSuggestions>('/search/suggestions', { query: { q }, signal });
}
