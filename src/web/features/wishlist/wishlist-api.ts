import { type WishlistItem, WishlistItemResponse, WishlistResponse } from '../../../shared/api/wishlist';
import { apiRequest } from '../../api/client';

/** The wishlist calls of SPEC 7; the provider takes them as a dependency so tests can pass their own. */
export type WishlistApi = {
  list(): Promise<WishlistItem[]>;
  add(productId: number): Promise<WishlistItem>;
  remove(productId: number): Promise<void>;
  clear(): Promise<void>;
};

export const wishlistApi: WishlistApi = {
  list: async () => WishlistResponse.parse(await apiRequest<unknown>('/wishlists')).wishlist,
  add: async (productId) =>
    WishlistItemResponse.parse(
      await apiRequest<unknown>('/wishlists', { method: 'POST', body: { productId } }),
    ).wishlistItem,
  remove: async (productId) => {
    await apiRequest<unknown>(`/wishlists/${productId}`, { method: 'DELETE' });
  },
  clear: async () => {
    await apiRequest<unknown>('/wishlists', { method: 'DELETE' });
  },
};
