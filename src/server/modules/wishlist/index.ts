// The wishlist module's public entry.

export { wishlistRoutes } from './routes';
export { createWishlistService, type WishlistService } from './wishlist-service';
