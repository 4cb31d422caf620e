// The wishlist module's public entry.

export { wishlistRoutes } from './routes';
export { createWishlistService, eraseWishlistOf, type WishlistService, wishlistOf } from './wishlist-service';
