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
} from '../../../shared/api/notifications';
import { AccountConsents, ConsentChange } from '../../../shared/consents';

/**
 * Issue 23: the opt-out link and the cart reminder's link (public: they carry a signed token, and
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

  app.get(
    '/admin/notifications',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: AdminNotificationsQuery, response: { 200: AdminNotifications } },
    },
    (request) => service.list(request.query.page),
  );
};
