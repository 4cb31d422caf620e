// The words of payments: order history notes and answers to the shopper.
import { formatPaise } from '../../../shared/money';
export const PAYMENT_RECEIVED_NOTE = 'Payment received';
export const LATE_PAYMENT_RESERVED_NOTE =
  'Payment received after the order expired; the items were reserved again';
export const LATE_PAYMENT_NOTE = 'Payment received after the order expired';
export const REFUNDED_OUT_OF_STOCK_NOTE = 'Payment refunded: items no longer in stock';
export const DUPLICATE_PAYMENT_NOTE = 'A second payment was received for this order';
export const REFUNDED_DUPLICATE_NOTE = 'Second payment refunded';
export const REFUNDED_MISMATCH_NOTE = 'Payment that did not match the order total refunded';
/** Decision 0085: the difference paid for an address change that could not be made, given back. */
export const REFUNDED_ADDRESS_CHANGE_NOTE = 'Payment for the change of address refunded';
export const LATE_PAYMENT_REFUNDED_MESSAGE =
  'Your payment arrived after the order expired and the items are no longer in stock, so it is being refunded in full.';
/** A captured amount or currency that is not the order's: never counted, refunded, shown to the owner. */
export const amountMismatchNote = (captured: string, expected: string) =>
  `Payment of ${captured} does not match the order total of ${expected}; it was not counted and is refunded`;
export const PAYMENT_AMOUNT_MISMATCH_MESSAGE =
  'The amount paid does not match this order, so the order is not paid and the payment is being refunded. Please try again.';
export const INVALID_WEBHOOK_SIGNATURE = 'Invalid webhook signature';
/** The refund of a cancelled order, in its history once the provider has taken it. */
export const cancellationRefundedNote = (paise: number) =>
  `${formatPaise(paise)} refunded to the original payment method`;
