import { formatPaise, type Paise } from './money';

// Decision 0064: the money of a parcel the courier brought back to the store (RTO).

/** What checking in a prepaid parcel that came back does with its payment: the owner's setting. */
export const RTO_REFUND_MODES = ['at_once', 'owed'] as const;
export type RtoRefundMode = (typeof RTO_REFUND_MODES)[number];
export const RTO_REFUND_MODE_LABELS: Record<RtoRefundMode, string> = {
  at_once: 'Refund it when I check the parcel in',
  owed: 'Keep it as "refund owed" until I press Refund now',
};

/**
 * What a prepaid parcel back at the store owes its customer: what is left of their payment, less
 * the return freight the owner's setting deducts (never more than is left).
 */
export function rtoRefundOf(refundablePaise: Paise, freightDeductionPaise: Paise) {
  const deductionPaise = Math.min(Math.max(freightDeductionPaise, 0), refundablePaise);
  return { owedPaise: refundablePaise - deductionPaise, deductionPaise };
}

export const RETURNED_PARCEL_MESSAGES = {
  notBack: 'Only a parcel the courier has brought back to the store can be checked in',
  checkedIn: 'This parcel was checked in already',
  nothingOwed: 'Nothing is owed for this order: it was refunded already, or nothing was paid',
  refundFailed:
    'The payment provider did not take the refund just now. It is still shown as owed; please try Refund now again in a few minutes.',
} as const;

/** The timeline's line for the owner when a parcel is checked in (decision 0064). */
export function checkInNote(owedPaise: Paise, deductionPaise: Paise, cashOnDelivery: boolean): string {
  if (cashOnDelivery)
    return 'Returned parcel checked in at the store. Cash on delivery: nothing was paid, nothing is owed.';
  const less = deductionPaise > 0 ? ` (${formatPaise(deductionPaise)} return freight deducted)` : '';
  return `Returned parcel checked in at the store. ${formatPaise(owedPaise)} owed back to the customer${less}.`;
}
