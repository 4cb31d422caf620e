import { formatInr, formatPaise, type Paise, toPaise } from './money';

// Decision 0042, cash on delivery: the owner's rules (Settings) and the one function that says
// whether an order may be paid in cash at the door. The eligibility answer the payment page shows
// and create-order's refusal both come from codRefusal, so they never disagree. No Zod here (the
// schemas are in cash-on-delivery.ts), so that pages show the words without loading it.

export const PAYMENT_METHODS = ['online', 'cod'] as const;

export type CodRules = {
  enabled: boolean;
  maxOrderPaise: Paise;
  feePaise: Paise;
  /** Pincodes or their prefixes; empty: every serviceable pincode. */
  pincodes: readonly string[];
  /** Decision 0064: an order above this waits for the customer's reply of YES; 0: none waits. */
  confirmAbovePaise: Paise;
};

/** Decision 0054: the longest an owner may let a COD order hold stock unshipped (30 days). */
export const COD_HOLD_HOURS_MAX = 720;

/** The owner's settings in rupees as the rules in paise. */
export const codRulesFromRupees = (settings: {
  codEnabled: boolean;
  codMaxOrderValue: number;
  codFee: number;
  codPincodes: string;
  codConfirmAbove?: number;
}): CodRules => ({
  enabled: settings.codEnabled,
  maxOrderPaise: toPaise(settings.codMaxOrderValue),
  feePaise: toPaise(settings.codFee),
  pincodes: settings.codPincodes.split(/[\s,;]+/).filter((entry) => /^\d{3,6}$/.test(entry)),
  confirmAbovePaise: toPaise(settings.codConfirmAbove ?? 0),
});

/** Decision 0064: whether an order of `totalPaise` (the COD fee included) waits for a YES. */
export const codConfirmationDue = (rules: Pick<CodRules, 'confirmAbovePaise'>, totalPaise: Paise) =>
  rules.confirmAbovePaise > 0 && totalPaise > rules.confirmAbovePaise;

/** Replies that confirm a cash on delivery order (the message asks for YES). */
const YES_WORDS = new Set(['YES', 'Y', 'HAAN', 'HA']);
export const isYesReply = (text: string) =>
  YES_WORDS.has(
    text
      .trim()
      .toUpperCase()
      .replace(/[.!]+$/, ''),
  );

export const COD_CONFIRM_MESSAGES = {
  placedAwaiting:
    'Order placed with cash on delivery. It is confirmed when you reply YES to the message we sent to your mobile.',
  /** What the shopper reads of an order still waiting for their YES: never "Order Confirmed". */
  waiting: 'Waiting for your YES',
  /** The timeline's step for the placing of such an order (its status is already 'confirmed'). */
  placed: 'Order Placed',
  confirmed: 'Confirmed by your reply of YES. We will ship it soon.',
  notConfirmed:
    'Cancelled: the cash on delivery order was not confirmed by a reply of YES in time. Nothing was charged.',
  /** Why the owner cannot book it yet (one order, or a line of a bulk booking). */
  awaitingYes:
    "Waiting for the customer's reply of YES to confirm cash on delivery; it cannot be shipped yet",
} as const;

export const codCoversPincode = (rules: CodRules, pincode: string) =>
  rules.pincodes.length === 0 || rules.pincodes.some((prefix) => pincode.startsWith(prefix));

/** What the server knows of an order when it decides; the caller reads each from its own rows. */
export type CodFacts = {
  /** Items less the coupon plus shipping, before the COD fee: the value the maximum applies to. */
  orderValuePaise: Paise;
  pincode: string;
  hasPreOrder: boolean;
  hasPersonalised: boolean;
  isQuote: boolean;
  phoneVerified: boolean;
  /** The number of the account's COD order not yet delivered and paid, or null. */
  openCodOrder: string | null;
};

export const COD_MESSAGES = {
  off: 'Cash on delivery is not offered by this store.',
  quote: 'A quote is paid online.',
  preOrder: 'Cash on delivery is not available for pre-order items. Please pay online.',
  personalised: 'Cash on delivery is not available for personalised items. Please pay online.',
  phone: 'Verify your mobile number with a one-time code to pay cash on delivery.',
} as const;
export const codMaxValueMessage = (maxPaise: Paise) =>
  `Cash on delivery is for orders up to ${formatPaise(maxPaise)}. Please pay online.`;
export const codPincodeMessage = (pincode: string) =>
  `Cash on delivery is not available at pincode ${pincode}. Please pay online.`;
export const codOpenOrderMessage = (orderNumber: string) =>
  `Your cash on delivery order ${orderNumber} is still on its way. Please pay online, or wait until it is delivered.`;

/**
 * Why this order may not be paid on delivery, or null when it may. The phone comes last: a shopper
 * is asked for a code only when it is the one thing missing.
 */
export function codRefusal(rules: CodRules, facts: CodFacts): string | null {
  if (!rules.enabled) return COD_MESSAGES.off;
  if (facts.isQuote) return COD_MESSAGES.quote;
  if (facts.hasPreOrder) return COD_MESSAGES.preOrder;
  if (facts.hasPersonalised) return COD_MESSAGES.personalised;
  if (facts.orderValuePaise > rules.maxOrderPaise) return codMaxValueMessage(rules.maxOrderPaise);
  if (!codCoversPincode(rules, facts.pincode)) return codPincodeMessage(facts.pincode);
  if (facts.openCodOrder) return codOpenOrderMessage(facts.openCodOrder);
  if (!facts.phoneVerified) return COD_MESSAGES.phone;
  return null;
}

/**
 * Decision 0042: the shopper may cancel a cash on delivery order themselves until the courier has
 * it (a booking not yet picked up is cancelled with it); nothing was paid, so nothing is refunded.
 * Packed is included though the back office's status machine has no packed → cancelled: packing
 * is the store's work, and the shopper's money is not at stake.
 */
const SHOPPER_CANCELLABLE_COD = new Set(['confirmed', 'processing', 'packed']);
export const shopperMayCancelCod = (order: { status: string; collected: boolean }) =>
  !order.collected && SHOPPER_CANCELLABLE_COD.has(order.status);

export const COD_CANCEL_MESSAGES = {
  tooLate: 'This order is with the courier now, so it can no longer be cancelled.',
  alreadyCancelled: 'This order is already cancelled.',
  courierUnavailable:
    "We couldn't reach the courier to cancel its pickup. Please try again in a few minutes.",
} as const;

/** The words the label, packing slip and pages print: 'COD ₹1,049 to collect'. */
export const codToCollectText = (rupees: number, rupee = formatInr) => `COD ${rupee(rupees)} to collect`;

/**
 * Decision 0064: a cash on delivery order whose parcel did not reach the customer (cancelled,
 * returning to the store or back there) was never paid and owes nothing either way.
 */
const COD_NOTHING_OWED_STATUSES: ReadonlySet<string> = new Set([
  'cancelled',
  'rto_initiated',
  'rto_in_transit',
  'returned',
]);
export const codOwesNothing = (cod: { collected: boolean }, status: string) =>
  !cod.collected && COD_NOTHING_OWED_STATUSES.has(status);
export const COD_NOTHING_OWED = {
  customer: 'nothing to pay. This order did not reach you, so nothing is owed.',
  owner: 'nothing to collect. The parcel did not reach the customer, so nothing is owed either way.',
} as const;
