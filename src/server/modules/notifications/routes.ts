import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminNotifications,
  AdminNotificationsQuery,
  CartRestoreAnswer,
  CartRestoreRequest,
  CheckoutCart,
  CheckoutCartAnswer,
  OptOutAnswer,
  OptOutRequest,
  StockAlertAnswer,
  StockAlertParams,
  StockAlertRequest,
} from '../../../shared/api/notifications';
import { AccountConsents, AnalyticsChange, ConsentChange } from '../../../shared/consents';

/**
 * The opt-out link and the cart reminder's link (public: they carry a signed token, and
 * work on any device, signed in or not), the cart recorded at checkout, and the back office's view
 * of the message outbox.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.notifications;

  // Reading what a link would stop changes nothing (mail scanners open links); the page's button posts.
  app.get(
    '/notifications/opt-out',
    { schema: { querystring: OptOutRequest, response: { 200: OptOutAnswer } } },
    (request) => service.describeOptOut(request.query.token),
  );
  app.post(
    '/notifications/opt-out',
    { schema: { body: OptOutRequest, response: { 200: OptOutAnswer } } },
    (request) => service.optOutByLink(request.body.token),
  );
  app.post(
    '/notifications/cart-restore',
    { schema: { body: CartRestoreRequest, response: { 200: CartRestoreAnswer } } },
    (request) => service.restoreCart(request.body.token),
  );

  // The cart a signed-in shopper has at checkout, so a reminder can bring it back (one per shopper).
  app.put(
    '/notifications/checkout-cart',
    {
      onRequest: app.requireUser,
      schema: { body: CheckoutCart, response: { 200: CheckoutCartAnswer } },
    },
    (request) => service.recordCheckoutCart(request.user.id, request.body.lines),
  );

  // Decision 0062: the shopper's consents to messages, each given or withdrawn with one tap.
  app.get(
    '/notifications/consents',
    { onRequest: app.requireUser, schema: { response: { 200: AccountConsents } } },
    (request) => service.consentsOf(request.user.id),
  );
  app.put(
    '/notifications/consents',
    { onRequest: app.requireUser, schema: { body: ConsentChange, response: { 200: AccountConsents } } },
    (request) => service.changeConsent(request.user.id, request.body),
  );
  // Decision 0075: a signed-in shopper's analytics answer joins the ledger.
  app.put(
    '/notifications/consents/analytics',
    {
      onRequest: app.requireUser,
      schema: { body: AnalyticsChange, response: { 200: AccountConsents } },
    },
    (request) => service.changeAnalytics(request.user.id, request.body),
  );

  // Decision 0071: "Notify me when it's back" on a sold-out product, given and withdrawn in one tap.
  app.get(
    '/stock-alerts/:productId',
    {
      onRequest: app.requireUser,
      schema: { params: StockAlertParams, response: { 200: StockAlertAnswer } },
    },
    (request) => service.stockAlertOf(request.user.id, request.params.productId),
  );
  app.post(
    '/stock-alerts',
    {
      onRequest: app.requireUser,
      schema: { body: StockAlertRequest, response: { 201: StockAlertAnswer } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.requestStockAlert(request.user.id, request.body)),
  );
  app.delete(
    '/stock-alerts/:productId',
    {
      onRequest: app.requireUser,
      schema: { params: StockAlertParams, response: { 200: StockAlertAnswer } },
    },
    (request) => service.cancelStockAlert(request.user.id, request.params.productId),
  );

  app.get(
    '/admin/notifications',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: AdminNotificationsQuery, response: { 200: AdminNotifications } },
    },
    (request) => service.list(request.query.page),
  );
};
