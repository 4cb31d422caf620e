import { formatPaise, type Paise } from './money';

// Decision 0084: a group gift ("Chip in together"). Friends pay shares of one gift by UPI or card;
// the order is placed when the total is met. The rules both sides need live here, without Zod.

/** What a pool can be: collecting, short at its deadline (the organiser may top up), met (ordered), refunded. */
export const GROUP_GIFT_STATES = ['open', 'short', 'met', 'refunded'] as const;
export type GroupGiftState = (typeof GROUP_GIFT_STATES)[number];

export const GROUP_GIFT_STATE_LABELS: Readonly<Record<GroupGiftState, string>> = {
  open: 'Collecting',
  short: 'Short at its deadline',
  met: 'Met: gift ordered',
  refunded: 'Refunded',
};

/** A contribution: started (a payment window opened), taken by the pool, or given back. */
export const CONTRIBUTION_STATES = ['awaiting_payment', 'taken', 'refunded'] as const;
export type ContributionState = (typeof CONTRIBUTION_STATES)[number];

/** The smallest share a friend may pay; the last one may be less when less remains. */
export const MIN_CONTRIBUTION_PAISE: Paise = 5_000;
/** A pool stays open at most this long, and closes before any delivery date chosen. */
export const GROUP_GIFT_MAX_DAYS = 14;
/** Pools one organiser may open in a day. */
export const GROUP_GIFTS_PER_DAY = 5;
/** Days the organiser has after a short deadline to top up the rest before everyone is refunded. */
export const TOP_UP_DAYS = 2;
/** A note a contributor leaves on the pool's page. */
export const CONTRIBUTION_NOTE_MAX = 140;

export const GROUP_GIFT_MESSAGES = {
  notFound: 'This group gift link is not valid',
  phoneNeeded: 'Please sign in with your mobile number and the one-time code to chip in',
  deadlineTooLate: `A group gift can collect for at most ${GROUP_GIFT_MAX_DAYS} days`,
  deadlinePast: 'Please choose a deadline from today onwards',
  deadlineAfterDelivery: 'The deadline must come before the delivery date you chose',
  closed: 'This group gift is no longer collecting',
  complete: 'This group gift has collected its total already. Thank you!',
  tooLittle: `Please chip in at least ${formatPaise(MIN_CONTRIBUTION_PAISE)}`,
  shareTooLow: `A suggested share is at least ${formatPaise(MIN_CONTRIBUTION_PAISE)}`,
  organiserOnly: 'Only the organiser can do this',
  addressOrLink: 'Please give the delivery address, or send the gift by link for its recipient to answer',
  verificationFailed: 'We could not confirm this payment. Nothing was taken for the group gift.',
} as const;

export const tooManyGroupGiftsMessage = (limit: number) =>
  `You can start ${limit} group gifts a day. Please try again tomorrow.`;

/** The pool's page: '/group-gift/<token>'. */
export const groupGiftPathOf = (token: string) => `/group-gift/${token}`;

/** "₹1,750 of ₹2,499 from 7 friends", as the pool's page shows its progress. */
export function groupGiftProgress(collectedPaise: Paise, targetPaise: Paise, contributors: number): string {
  const from = contributors === 1 ? '1 friend' : `${contributors} friends`;
  return `${formatPaise(collectedPaise)} of ${formatPaise(targetPaise)} from ${from}`;
}

/**
 * Decision 0084: what a pool keeps of a payment: all of it while it fits, what remains when it
 * does not, nothing once the pool is closed or full. The rest goes back to the payer.
 */
export const takenOf = (paidPaise: Paise, remainingPaise: Paise, collecting: boolean): Paise =>
  collecting ? Math.max(0, Math.min(paidPaise, remainingPaise)) : 0;

/**
 * The amount a contribution may start with: at least the minimum (or all that remains when less
 * does), capped at what remains. Null when the ask is below the minimum.
 */
export function contributionPaise(askedPaise: Paise, remainingPaise: Paise): Paise | null {
  if (remainingPaise <= 0) return null;
  if (askedPaise < Math.min(MIN_CONTRIBUTION_PAISE, remainingPaise)) return null;
  return Math.min(askedPaise, remainingPaise);
}

/** What a contributor is told when the pool did not keep all they paid. */
export const contributionOverNote = (refundPaise: Paise, takenPaise: Paise) =>
  takenPaise > 0
    ? `Others chipped in at the same moment: the gift needed only ${formatPaise(takenPaise)} of your payment, so ${formatPaise(refundPaise)} is refunded to you`
    : `Others chipped in at the same moment and the gift's total was met, so your ${formatPaise(refundPaise)} is refunded to you`;

export const GROUP_GIFT_MET_NOTE = 'Group gift met: every share is in and the order is placed';
export const GROUP_GIFT_REFUNDED_NOTE = 'The group gift did not collect its total; every share is refunded';
export const GROUP_GIFT_CLOSED_NOTE = 'The organiser closed the group gift; every share is refunded';
export const GROUP_GIFT_SOLD_OUT_NOTE =
  'The group gift met its total but the gift had sold out; every share is refunded';

/** The events a contributor or the organiser hears of by SMS. */
export type GroupGiftEvent = 'taken' | 'over' | 'met' | 'refunded' | 'short' | 'thanks';

/** The words of a group gift's SMS (one template parameter: the sentence). */
export function groupGiftNews(
  event: string,
  facts: { recipientName: string; paise: Paise; takenPaise: Paise; promise: string; storeName: string },
): string {
  const pool = `the group gift for ${facts.recipientName} at ${facts.storeName}`;
  switch (event) {
    case 'taken':
      return `Thank you! Your ${formatPaise(facts.paise)} is in ${pool}. We will tell you when the gift is ordered.`;
    case 'over':
      return `${contributionOverNote(facts.paise, facts.takenPaise)} (${pool}). Banks take 5-7 working days to show it.`;
    case 'met':
      return `Everyone chipped in: ${pool} is ordered. ${facts.promise}.`;
    case 'refunded':
      return `${pool.charAt(0).toUpperCase()}${pool.slice(1)} did not go ahead, so your ${formatPaise(facts.paise)} is refunded. Banks take 5-7 working days to show it.`;
    case 'short':
      return `The deadline of ${pool} has passed ${formatPaise(facts.paise)} short. Top up the rest on its page within ${TOP_UP_DAYS} days, or every share is refunded.`;
    // Decision 0081's thank-you, forwarded: the recipient's name only, never their note.
    case 'thanks':
      return `${facts.recipientName} has thanked everyone for ${pool}.`;
    default:
      return `There is news of ${pool}.`;
  }
}
