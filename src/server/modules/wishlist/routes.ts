import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToWishlist,
  WishlistChangeResponse,
  WishlistItemResponse,
  WishlistProductParams,
  WishlistResponse,
} from '../../../shared/api/wishlist';

/** SPEC 7 /wishlists: the signed-in user's own list only (SPEC 5: wishlist actions need login). */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.wishlist;
  // onRequest: an anonymous caller is turned away before its body is even parsed.
  app.addHook('onRequest', app.requireUser);

  app.get('/wishlists', { schema: { response: { 200: WishlistResponse } } }, async (request) => ({
    wishlist: await service.list(request.user.id),
  }));

  app.post(
    '/wishlists',
    { schema: { body: AddToWishlist, response: { 200: WishlistItemResponse, 201: WishlistItemResponse } } },
    async (request, reply) => {
      const { item, created } = await service.add(request.user.id, request.body.productId);
      return reply.code(created ? 201 : 200).send({ wishlistItem: item });
    },
  );

  app.delete(
    '/wishlists/:productId',
    { schema: { params: WishlistProductParams, response: { 200: WishlistChangeResponse } } },
    async (request) => {
      await service.remove(request.user.id, request.params.productId);
      return { success: true as const };
    },
  );

  app.delete('/wishlists', { schema: { response: { 200: WishlistChangeResponse } } }, async (request) => {
    await service.clear(request.user.id);
    return { success: true as const };
  });
};
