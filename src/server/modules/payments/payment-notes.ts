// The words of payments: order history notes and answers to the shopper.
export const PAYMENT_RECEIVED_NOTE = 'Payment received';
export const LATE_PAYMENT_RESERVED_NOTE =
  'Payment received after the order expired; the items were reserved again';
export const LATE_PAYMENT_NOTE = 'Payment received after the order expired';
export const REFUNDED_OUT_OF_STOCK_NOTE = 'Payment refunded: items no longer in stock';
export const DUPLICATE_PAYMENT_NOTE = 'A second payment was received for this order';
export const REFUNDED_DUPLICATE_NOTE = 'Second payment refunded';
export const LATE_PAYMENT_REFUNDED_MESSAGE =
  'Your payment arrived after the order expired and the items are no longer in stock, so it is being refunded in full.';
export const INVALID_WEBHOOK_SIGNATURE = 'Invalid webhook signature';
