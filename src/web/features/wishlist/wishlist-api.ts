import type { WishlistItem } from '../../../shared/api/wishlist';
import { apiRequest, parsedAnswer } from '../../api/client';

// The schemas (and Zod) load with the first answer, not with the entry (docs/performance.md).
const wishlistSchemas = () => import('../../../shared/api/wishlist');

/** The wishlist calls of SPEC 7; the provider takes them as a dependency so tests can pass their own. */
export type WishlistApi = {
  list(): Promise<WishlistItem[]>;
  add(productId: number): Promise<WishlistItem>;
  remove(productId: number): Promise<void>;
  clear(): Promise<void>;
};

export const wishlistApi: WishlistApi = {
  list: async () => {
    const answer = await parsedAnswer(
      wishlistSchemas().then((schemas) => schemas.WishlistResponse),
      apiRequest<unknown>('/wishlists'),
    );
    return answer.wishlist;
  },
  add: async (productId) => {
    const answer = await parsedAnswer(
      wishlistSchemas().then((schemas) => schemas.WishlistItemResponse),
      apiRequest<unknown>('/wishlists', { method: 'POST', body: { productId } }),
    );
    return answer.wishlistItem;
  },
  remove: async (productId) => {
    await apiRequest<unknown>(`/wishlists/${productId}`, { method: 'DELETE' });
  },
  clear: async () => {
    await apiRequest<unknown>('/wishlists', { method: 'DELETE' });
  },
};
