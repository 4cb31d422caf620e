import { formatPaise, type Paise } from './money';

// The movements of an order's money, as the ledger records them.
export const LEDGER_KINDS = ['captured', 'refunded', 'cod_collected'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Why money moved; the back office shows the label beside each line. */
export const LEDGER_REASON_LABELS = {
  payment: 'Payment captured',
  marked_paid: 'Marked paid by the store',
  return: 'Refund for a return',
  cancelled: 'Refund for the cancelled order',
  // Decision 0064: a prepaid parcel the courier brought back, refunded once it was checked in.
  undelivered: 'Refund: the parcel came back undelivered',
  // Decision 0078: a line the owner removed before dispatch (its invoice is credited and issued again).
  line_removed: 'Refund for an item removed before dispatch',
  // Decision 0078: a cheaper delivery choice after an address change (the invoice is issued again).
  fee_difference: 'Refund of a delivery fee difference',
  // Decision 0085: a dearer delivery after an address change, paid by the customer; and its
  // payment given back when the change could not be made (lapsed, or the order moved on).
  address_change: 'Payment of a dearer delivery after an address change',
  address_change_lapsed: 'Refund: an address change paid for was not made',
  out_of_stock: 'Refund: paid after the order expired and its items sold out',
  duplicate: 'Refund: a second payment for a paid order',
  amount_mismatch: "Refund: a payment that did not match the order's total",
  payment_returned: 'Payment given back',
  // Decision 0081: a gift link is paid at its dearest delivery; the recipient chose a cheaper one.
  gift_delivery: "Refund: the gift's recipient chose a cheaper delivery",
  gift_declined: "Refund: the gift's recipient declined it",
  gift_expired: 'Refund: the gift link expired without an address',
  // Decision 0084: a group gift's share paid when others had already met its total (or most of it).
  group_gift_over: 'Refund: a group gift share beyond its total',
  // Decision 0084: the gift sold out as the pool was met; the one chosen instead cost less.
  group_gift_surplus: "Refund: a group gift share's part of a cheaper gift chosen instead",
  cod: 'Cash collected on delivery',
} as const;
export type LedgerReason = keyof typeof LEDGER_REASON_LABELS;

export const ledgerReasonLabel = (reason: string): string =>
  LEDGER_REASON_LABELS[reason as LedgerReason] ?? reason;

/** Money in (captured, collected on delivery) less money given back. */
export const netPaise = (lines: readonly { kind: string; amountPaise: Paise }[]): Paise =>
  lines.reduce((sum, line) => sum + (line.kind === 'refunded' ? -line.amountPaise : line.amountPaise), 0);

/** What the customer is told when a paid order is cancelled (the status e-mail's note). */
export const REFUND_TIMING = 'Refunds usually reach your account in 5-7 working days.';
export const cancellationRefundNote = (paise: Paise) =>
  `We are refunding ${formatPaise(paise)} to your original payment method. ${REFUND_TIMING}`;

/**
 * Decision 0043: a cash on delivery order's refund goes by bank transfer or UPI (no provider holds
 * its payment); what the customer is told when the return is approved, and when it is paid.
 */
export const transferRefundOwedNote = (paise: Paise, detailsLink: string) =>
  `We will send your refund of ${formatPaise(paise)} by UPI or bank transfer, as you paid in cash on delivery. Give us your UPI ID, or your bank account number and IFSC, on this secure page: ${detailsLink} (please never send them by e-mail). We send it within 5-7 working days of receiving them.`;
export const transferRefundPaidNote = (paise: Paise, reference: string) =>
  `We have sent your refund of ${formatPaise(paise)} by UPI or bank transfer (reference ${reference}). ${REFUND_TIMING}`;
