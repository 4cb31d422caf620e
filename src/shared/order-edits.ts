import { z } from 'zod';
import { ShippingAddress } from './address';
import { DeliveryChoice } from './delivery-dates';
import { formatPaise, type Paise } from './money';

// Decision 0066: the delivery address and phone of an order change until it is booked with the
// courier, from the shopper's order page or the back office's.

/** Decision 0085: what became of an address change that costs more than an online payment paid. */
export const ADDRESS_EDIT_STATES = [
  'awaiting_payment',
  'applied',
  'expired',
  'superseded',
  'refused',
] as const;
export type AddressEditState = (typeof ADDRESS_EDIT_STATES)[number];

/** The statuses an order's address can change from (a pending order is paid or left to expire). */
export const ADDRESS_EDITABLE_STATUSES: readonly string[] = ['paid', 'confirmed', 'processing', 'packed'];

/** Decision 0066: whether the address and phone may change now: paid, not yet booked with the courier. */
export const isAddressEditable = (status: string, booked: boolean): boolean =>
  !booked && ADDRESS_EDITABLE_STATUSES.includes(status);

export const ORDER_EDIT_MESSAGES = {
  notFound: 'Order not found',
  notEditable: 'Only a paid or confirmed order not yet with the courier can have its address changed',
  booked:
    'This order is booked with the courier: its address can no longer be changed here. Ask the courier through the failed-delivery answer, or cancel the booking first.',
  changedMeanwhile: 'The order changed meanwhile. Please reload it and try again.',
  codNotHere: 'Cash on delivery is not available at the new address:',
  refundFailed:
    'The payment provider did not take the refund of the delivery fee difference just now, so the address was not changed. Please try again in a few minutes.',
  paymentUnavailable:
    'The payment provider could not be reached to take the difference in the delivery fee, so the address was not changed. Please try again in a few minutes.',
  /** Decision 0085: a change of address paid for but no longer possible (its timeline says why). */
  changeNotMade:
    'The change of address could not be made, so your payment for it is being refunded in full. The order page says why.',
} as const;

/** Decision 0078: why the owner cannot remove a line of an order. */
export const LINE_REMOVAL_MESSAGES = {
  lineNotFound: 'That item is not in this order',
  notEditable: 'Only a paid or confirmed order not yet with the courier can have an item removed',
  booked:
    'This order is booked with the courier: cancel the booking before removing an item, or let the customer return it.',
  lastLine: 'This is the only item of the order: cancel the order instead.',
  refundFailed:
    'The payment provider did not take the refund just now, so the item was not removed. Please try again in a few minutes.',
} as const;

/** Decision 0078: the credit note's reason when the invoice is issued again without a removed item. */
export const LINE_REMOVED_CREDIT_REASON = 'An item removed before dispatch: replaced by a new invoice';

/** Decision 0078: the timeline's line for a removed item, which the customer reads too. */
export const lineRemovedNote = (line: { quantity: number; name: string }, paise: Paise, cod: boolean) =>
  `${line.quantity} x ${line.name} removed from the order by the store: ${
    cod
      ? `${formatPaise(paise)} less to pay on delivery`
      : `${formatPaise(paise)} refunded to your original payment method`
  }`;

/**
 * Decision 0085: how long a dearer address change waits for its difference to be paid; unpaid, it
 * lapses and changes nothing (the slot the customer paid for is kept).
 */
export const ADDRESS_EDIT_PAYMENT_MINUTES = 30;

/** Decision 0085: why a paid change of address was not made (its payment goes back in full). */
export const ADDRESS_EDIT_LAPSED_REASONS = {
  superseded: 'another change of address was made or asked for after it',
  expired: `it was not paid within ${ADDRESS_EDIT_PAYMENT_MINUTES} minutes`,
  notEditable: 'the order is with the courier or no longer open',
  changedMeanwhile: 'the order changed meanwhile',
  alreadyPaid: 'it had been paid already',
} as const;

const placeOf = (address: { city: string; postalCode: string }) => `${address.city} ${address.postalCode}`;

/** Decision 0085: the timeline's line for a dearer change held until its difference is paid. */
export const awaitingEditNote = (
  who: 'the store' | 'the customer',
  address: { city: string; postalCode: string },
  differencePaise: Paise,
) =>
  `Change of delivery address to ${placeOf(address)} asked by ${who}: it waits for the customer to pay ${formatPaise(differencePaise)} more for delivery, within ${ADDRESS_EDIT_PAYMENT_MINUTES} minutes`;

/** Decision 0085: the money part of the timeline's line when the held change is paid and made. */
export const paidDifferenceNote = (differencePaise: Paise) =>
  `${formatPaise(differencePaise)} more for delivery paid by the customer`;

/** Decision 0085: a held change that lapsed unpaid. */
export const expiredEditNote = (address: { city: string; postalCode: string }, differencePaise: Paise) =>
  `The change of delivery address to ${placeOf(address)} lapsed: ${formatPaise(differencePaise)} was not paid within ${ADDRESS_EDIT_PAYMENT_MINUTES} minutes, so nothing changed`;

/** Decision 0085: a held change paid too late or no longer possible: not made, its payment refunded. */
export const lapsedEditNote = (
  address: { city: string; postalCode: string },
  differencePaise: Paise,
  reason: string,
) =>
  `The change of delivery address to ${placeOf(address)} was not made (${reason}): the ${formatPaise(differencePaise)} paid for it is refunded to your original payment method`;

/** Decision 0078: the timeline's words for a change in the delivery fee, which the customer reads. */
export function feeDifferenceNote(
  differencePaise: Paise,
  { cod, waivedPaise }: { cod: boolean; waivedPaise: Paise },
) {
  if (waivedPaise > 0) return `the ${formatPaise(waivedPaise)} higher delivery fee waived by the store`;
  if (differencePaise === 0) return '';
  const amount = formatPaise(Math.abs(differencePaise));
  if (cod) return `amount to collect ${differencePaise > 0 ? 'up' : 'down'} by ${amount}`;
  return `${amount} of the delivery fee refunded to your original payment method`;
}

export const ChangeOrderAddress = z.object({
  address: ShippingAddress,
  /** A new date and slot, when the one chosen at checkout does not hold at the new pincode. */
  delivery: DeliveryChoice.optional(),
});
export type ChangeOrderAddress = z.infer<typeof ChangeOrderAddress>;

/** The back office's change: the store may waive a higher delivery fee (decision 0078). */
export const ChangeOrderAddressByStore = ChangeOrderAddress.extend({
  waiveFeeDifference: z.boolean().default(false),
});
export type ChangeOrderAddressByStore = z.infer<typeof ChangeOrderAddressByStore>;
