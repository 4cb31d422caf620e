import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderIdParams, OrderListResponse, OrderRecord } from '../../../shared/api/orders';
import { CreateOrderResponse } from '../../../shared/api/payments';
import { ChangeOrderAddress } from '../../../shared/order-edits';

/** SPEC 7 /orders: a signed-in user sees only their own orders (another's is 404). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/orders/my-orders', { schema: { response: { 200: OrderListResponse } } }, async (request) => ({
    data: await app.orders.listOrders(request.user.id),
  }));

  app.get(
    '/orders/:id',
    { schema: { params: OrderIdParams, response: { 200: OrderRecord } } },
    async (request) => app.orders.getOrder(request.user.id, request.params.id),
  );

  // 'Complete payment' of a pending order; the payment goes on through verify-payment.
  app.post(
    '/orders/:id/payment',
    { schema: { params: OrderIdParams, response: { 200: CreateOrderResponse } } },
    async (request) => app.orders.resumePayment(request.user.id, request.params.id),
  );

  // Fair stock: an order the shopper will not pay gives its stock and coupon back at once.
  // Decision 0066: the shopper changes the delivery address and phone until the order is booked.
  app.put(
    '/orders/:id/address',
    {
      schema: {
        params: OrderIdParams,
        body: ChangeOrderAddress,
        response: { 200: OrderRecord, 202: OrderRecord },
      },
    },
    async (request, reply) => {
      const { outcome } = await app.orderEdits.changeAddress(
        request.params.id,
        request.user.id,
        request.body,
      );
      // Decision 0085: 202 while a dearer change waits for its difference (order.pendingAddressChange).
      return reply
        .code(outcome === 'changed' ? 200 : 202)
        .send(await app.orders.getOrder(request.user.id, request.params.id));
    },
  );
  app.post(
    '/orders/:id/cancel',
    { schema: { params: OrderIdParams, response: { 200: OrderRecord } } },
    async (request) => {
      await app.orderAllowance.cancelling(request.user.id, request.ip);
      return app.orders.cancelOrder(request.user.id, request.params.id);
    },
  );
};
