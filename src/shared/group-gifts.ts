import { formatPaise, type Paise } from './money';

// Decision 0084: a group gift ("Chip in together"). Friends pay shares of one gift by UPI or card;
// the order is placed when the total is met. The rules both sides need live here, without Zod.

/**
 * What a pool can be: collecting, short at its deadline (the organiser may top up), met but its gift
 * sold out (the organiser may choose another), met (ordered), refunded.
 */
export const GROUP_GIFT_STATES = ['open', 'short', 'sold_out', 'met', 'refunded'] as const;
export type GroupGiftState = (typeof GROUP_GIFT_STATES)[number];

export const GROUP_GIFT_STATE_LABELS: Readonly<Record<GroupGiftState, string>> = {
  open: 'Collecting',
  short: 'Short at its deadline',
  sold_out: 'Met, gift sold out: the organiser chooses',
  met: 'Met: gift ordered',
  refunded: 'Refunded',
};

/** A contribution: started (a payment window opened), taken by the pool, or given back. */
export const CONTRIBUTION_STATES = ['awaiting_payment', 'taken', 'refunded'] as const;
export type ContributionState = (typeof CONTRIBUTION_STATES)[number];

/**
 * The owner's bounds of one share (Settings; GROUP_GIFT_MIN_SHARE_RUPEES and
 * GROUP_GIFT_MAX_SHARE_RUPEES until saved): at least the minimum (the last share may be less when
 * less remains), at most the maximum.
 */
export type ShareBounds = { minPaise: Paise; maxPaise: Paise };
/** The most group gifts the owner may let one organiser start in a day. */
export const GROUP_GIFTS_PER_DAY_MAX = 100;
/** A pool stays open at most this long, and closes before any delivery date chosen. */
export const GROUP_GIFT_MAX_DAYS = 14;
/** Days the organiser has after a short deadline to top up the rest before everyone is refunded. */
export const TOP_UP_DAYS = 2;
/** Days the organiser has to choose another gift when the pool's sold out as it was met. */
export const SOLD_OUT_CHOICE_DAYS = 3;
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
  organiserOnly: 'Only the organiser can do this',
  addressOrLink: 'Please give the delivery address, or send the gift by link for its recipient to answer',
  verificationFailed: 'We could not confirm this payment. Nothing was taken for the group gift.',
  notSoldOut: 'This group gift is not waiting for another gift',
} as const;

/** Decision 0084: a gift chosen instead of a sold-out one costs at most what the friends paid. */
export const replacementTooDearMessage = (totalPaise: Paise, collectedPaise: Paise) =>
  `That gift comes to ${formatPaise(totalPaise)} with its delivery, more than the ${formatPaise(collectedPaise)} collected`;

export const tooLittleShareMessage = (minPaise: Paise) => `Please chip in at least ${formatPaise(minPaise)}`;
export const tooMuchShareMessage = (maxPaise: Paise) => `One share can be at most ${formatPaise(maxPaise)}`;
export const suggestedShareMessage = ({ minPaise, maxPaise }: ShareBounds) =>
  `A suggested share is from ${formatPaise(minPaise)} to ${formatPaise(Math.max(minPaise, maxPaise))}`;

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
 * The amount a contribution may start with: at least the owner's minimum (or all that remains when
 * less does), at most their maximum (never below the minimum), capped at what remains. Else why not.
 */
export function contributionPaise(
  askedPaise: Paise,
  remainingPaise: Paise,
  { minPaise, maxPaise }: ShareBounds,
): Paise | 'too_little' | 'too_much' {
  if (askedPaise < Math.min(minPaise, remainingPaise) || remainingPaise <= 0) return 'too_little';
  if (askedPaise > Math.max(minPaise, maxPaise)) return 'too_much';
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
  'The group gift met its total but the gift had sold out; the organiser may choose another';
export const GROUP_GIFT_SOLD_OUT_REFUNDED_NOTE =
  'The gift sold out and no other was chosen in time; every share is refunded';
export const groupGiftReplacedNote = (name: string, surplusPaise: Paise) =>
  surplusPaise > 0
    ? `The gift sold out; the organiser chose ${name} instead, and ${formatPaise(surplusPaise)} is refunded to the friends in proportion to their shares`
    : `The gift sold out; the organiser chose ${name} instead`;

/**
 * Decision 0084: what each share gets back when the gift chosen instead costs less than the pool
 * holds. Each share gives back the surplus times its part of the pool, rounded down to the paisa;
 * the paise left over go one each to the shares with the largest remainders (the earlier share
 * first on a tie). The parts add up to the surplus exactly, and none exceeds what its share kept.
 */
export function surplusPartsOf(
  shares: readonly { id: number; takenPaise: Paise }[],
  surplusPaise: Paise,
): { id: number; paise: Paise }[] {
  const held = shares.reduce((sum, share) => sum + share.takenPaise, 0);
  if (surplusPaise <= 0 || held <= 0) return shares.map((share) => ({ id: share.id, paise: 0 }));
  // BigInt: a share times the surplus can pass 2^53 paise for a large pool.
  const parts = shares.map((share) => {
    const exact = BigInt(share.takenPaise) * BigInt(Math.min(surplusPaise, held));
    return { id: share.id, paise: Number(exact / BigInt(held)), rest: exact % BigInt(held) };
  });
  let left = Math.min(surplusPaise, held) - parts.reduce((sum, part) => sum + part.paise, 0);
  const byRest = [...parts].sort((a, b) => (a.rest === b.rest ? a.id - b.id : a.rest > b.rest ? -1 : 1));
  for (const part of byRest) {
    if (left <= 0) break;
    part.paise += 1;
    left -= 1;
  }
  return parts.map(({ id, paise }) => ({ id, paise }));
}

/** The events a contributor or the organiser hears of by SMS. */
export type GroupGiftEvent =
  | 'taken'
  | 'over'
  | 'met'
  | 'refunded'
  | 'short'
  | 'thanks'
  | 'sold_out'
  | 'sold_out_wait'
  | 'surplus';

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
    case 'sold_out':
      return `The gift of ${pool} sold out just as everyone's ${formatPaise(facts.paise)} came in. Choose another gift up to that on its page within ${SOLD_OUT_CHOICE_DAYS} days, or every share is refunded.`;
    case 'sold_out_wait':
      return `The gift of ${pool} sold out as the total was met. The organiser may choose another within ${SOLD_OUT_CHOICE_DAYS} days; if not, your ${formatPaise(facts.paise)} is refunded.`;
    case 'surplus':
      return `The organiser chose another gift for ${pool} that costs less, so ${formatPaise(facts.paise)} of your share is refunded. Banks take 5-7 working days to show it.`;
    // Decision 0081's thank-you, forwarded: the recipient's name only, never their note.
    case 'thanks':
      return `${facts.recipientName} has thanked everyone for ${pool}.`;
    default:
      return `There is news of ${pool}.`;
  }
}
