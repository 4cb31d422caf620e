import { MAX_QUANTITY } from '../cart-rules';

// SPEC 8 and DESIGN 4: the words the server says about money, shown as they are by the web app.
/**
 * Fair stock: an account holds at most a few orders waiting for payment (each reserves stock), so
 * the message names them and where to pay or cancel one.
 */
/** Where a message sends the shopper to pay or cancel orders; the web app shows it as a link. */
export const MY_ORDERS_PLACE = 'My Orders (/orders)';

export const tooManyUnpaidOrdersMessage = (orderNumbers: readonly string[]) =>
  `You already have ${orderNumbers.length} orders waiting for payment (${orderNumbers.join(', ')}). Pay or cancel one in ${MY_ORDERS_PLACE} before placing another.`;

export const PAYMENT_MESSAGES = {
  pricesChanged: 'Prices have changed since you loaded the page. Please review your cart.',
  verificationFailed: 'Payment verification failed',
  idempotencyKeyReused: 'This request key was already used for a different order. Please try again.',
  emptyOrder: 'Your cart is empty',
  duplicateProduct: 'Each product may appear only once in an order, unless personalised differently',
  orderNotFound: 'Order not found',
  orderNoLongerPending: 'This order is no longer awaiting payment. Please review your cart.',
  alreadyPaid: 'This order has already been paid',
  paymentFailedRecorded: 'Payment failure recorded',
  failureForSettledOrder: 'This order is no longer awaiting payment, so no payment failure was recorded',
  paymentVerified: 'Payment verified successfully',
  providerDown: 'We could not reach the payment service just now. Please try again in a minute.',
  providerRefused: 'The payment service could not start this payment. Please try again in a few minutes.',
  providerUnreachable:
    'We could not reach the payment provider to confirm this payment. If money was taken, the order updates on its own once the provider tells us: please check My Orders in a few minutes.',
} as const;

/** SPEC 3: 'out of stock' names the product so the shopper knows which line to change. */
export const outOfStockMessage = (name: string) => `Sorry, ${name} is out of stock. Please review your cart.`;
export const onlyLeftMessage = (name: string, left: number) =>
  `Only ${left} of ${name} left in stock. Please review your cart.`;
export const noLongerAvailableMessage = (name: string) =>
  `${name} is no longer available. Please remove it from your cart.`;
export const preOrderOnlyMessage = (name: string) =>
  `${name} has just sold out and is now available on pre-order only. Please review your cart.`;
export const quantityRangeMessage = (name: string, min: number) =>
  `Quantity of ${name} must be between ${min} and ${MAX_QUANTITY}`;

// A real cart has a handful of lines; the cap bounds the work of one request.
export const MAX_ORDER_LINES = 50;
