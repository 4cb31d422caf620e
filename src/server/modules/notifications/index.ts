// The notifications module's public entry: order news on WhatsApp and SMS (an outbox and its
// worker), opt-outs, carts that come back, and the consent an order is made with.

export {
  checkoutDefaults,
  consentFor,
  type NotifyDefaults,
  notifyDefaultsFrom,
  type ReadNotifyDefaults,
} from '../../../shared/notify-defaults';
export { CART_REMINDER_EVERY_MS, deleteCheckoutCartsStartedBefore } from './cart-reminders';
export { recordCheckoutConsents } from './consents';
export { messageName } from './message-text';
export {
  orderNewsMailDue,
  queueGiftLinkMessage,
  queueGroupGiftMessage,
  queueOrderNotice,
  queueOwnerMessage,
  queueStatusNotices,
  statusMailDue,
} from './notices';
export { createNotificationService, type NotificationService } from './notification-service';
export { eraseNotificationBodiesBefore } from './notification-worker';
export {
  consentLedgerOf,
  eraseCartsAndAlertsOf,
  eraseMessagesOf,
  shopperMessagesOf,
} from './personal-data';
export { notificationRoutes } from './routes';
export { createLinkSigner, type LinkSigner } from './signed-links';
