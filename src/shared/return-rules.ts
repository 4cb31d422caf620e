// The return rules, without Zod, so the Returns and refunds page can state them without loading it
// (src/shared/api/returns.ts holds the request schemas).

// DESIGN 4 and SPEC 1: '7-day return', for a change of mind.
export const RETURN_WINDOW_DAYS = 7;

/**
 * Decision 0051: a defective, damaged or wrong item, or a late delivery, is the store's fault, not
 * a change of mind: it may be returned for at least 30 days after delivery (the owner may give
 * more, in Settings), and the delivery charges paid come back with the items.
 */
export const FAULT_RETURN_WINDOW_DAYS = 30;
export const MAX_FAULT_RETURN_WINDOW_DAYS = 365;

export const RETURN_KINDS = ['changed_mind', 'faulty', 'late'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  changed_mind: 'I changed my mind',
  faulty: 'Defective, damaged or wrong item',
  late: 'It arrived late',
};

/** Whether the delivery charges the shopper paid are refunded with the items. */
export const refundsDelivery = (kind: ReturnKind) => kind !== 'changed_mind';

/** The days after delivery a return of this kind may be asked for. */
export const returnWindowDays = (kind: ReturnKind, faultReturnDays: number) =>
  kind === 'changed_mind' ? RETURN_WINDOW_DAYS : Math.max(faultReturnDays, FAULT_RETURN_WINDOW_DAYS);

export const MAX_RETURN_PHOTOS = 3;

/** The fewest characters of the reason a customer gives for a return. */
export const MIN_RETURN_REASON_LENGTH = 5;

// Decision 0061: E-Commerce Rules 2020, rule 7(1)(a) wants the cost of return shipping stated.
/** Who pays to send an approved return back (the owner's setting "Return shipping"). */
export const RETURN_SHIPPING_PAYERS = ['store', 'customer-unless-faulty'] as const;
export type ReturnShippingPayer = (typeof RETURN_SHIPPING_PAYERS)[number];
export const RETURN_SHIPPING_PAYER_LABELS: Record<ReturnShippingPayer, string> = {
  store: 'The store, for every return',
  'customer-unless-faulty': 'The customer for a change of mind; the store for a faulty, wrong or late item',
};
