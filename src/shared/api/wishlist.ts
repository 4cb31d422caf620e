import { z } from 'zod';

const productId = z.coerce
  .number({ error: 'Product id must be a number' })
  .int('Product id must be a whole number')
  .positive('Product id must be positive')
  .max(2_147_483_647, 'Product id is too large');

/** POST /wishlists. */
export const AddToWishlist = z.object({ productId });
export type AddToWishlist = z.infer<typeof AddToWishlist>;

/** DELETE /wishlists/:productId. */
export const WishlistProductParams = z.object({ productId });
export type WishlistProductParams = z.infer<typeof WishlistProductParams>;

/** SPEC 3 "Product as seen from a wishlist", with what the list needs to price and add to cart. */
export const WishlistProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The path slug, name-slug plus id: the product page is /product/{slug}. */
  slug: z.string(),
  image: z.string(),
  category: z.string(),
  /** Rupees. */
  price: z.number(),
  mrp: z.number().nullable(),
  inStock: z.boolean(),
  allowPreOrder: z.boolean(),
  minQuantity: z.number().int(),
});
export type WishlistProduct = z.infer<typeof WishlistProduct>;

/** SPEC 3 wishlist entry: id, productId, created_at (ISO 8601), and the product. */
export const WishlistItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  created_at: z.string(),
  product: WishlistProduct,
});
export type WishlistItem = z.infer<typeof WishlistItem>;

/** GET /wishlists: newest first. */
export const WishlistResponse = z.object({ wishlist: z.array(WishlistItem) });
export type WishlistResponse = z.infer<typeof WishlistResponse>;

/** POST /wishlists: 201 when added, 200 when it was already there. */
export const WishlistItemResponse = z.object({ wishlistItem: WishlistItem });
export type WishlistItemResponse = z.infer<typeof WishlistItemResponse>;

/** DELETE /wishlists/:productId and DELETE /wishlists. */
export const WishlistChangeResponse = z.object({ success: z.literal(true) });
export type WishlistChangeResponse = z.infer<typeof WishlistChangeResponse>;
