import type { Paise } from './money';

// Decision 0081: a gift sent by link. The sender pays now and the recipient types their own
// address; the rules both sides need live here, without Zod, so any page can use them.

/** What a link can be, in the order it moves: what the sender's order page shows. */
export const GIFT_LINK_STATES = ['sent', 'opened', 'addressed', 'declined', 'expired'] as const;
export type GiftLinkState = (typeof GIFT_LINK_STATES)[number];
/** A link's row starts waiting for its order's payment; it is sent once paid. */
export const GIFT_LINK_ROW_STATES = ['awaiting_payment', ...GIFT_LINK_STATES] as const;
export type GiftLinkRowState = (typeof GIFT_LINK_ROW_STATES)[number];

export const GIFT_LINK_STATE_LABELS: Readonly<Record<GiftLinkRowState, string>> = {
  awaiting_payment: 'Waiting for payment',
  sent: 'Sent',
  opened: 'Opened',
  addressed: 'Address given',
  declined: 'Declined',
  expired: 'Expired',
};

/** The most the owner may set: a link's life in days, and links an account may send in a day. */
export const GIFT_LINK_MAX_DAYS = 30;
export const GIFT_LINKS_PER_DAY_MAX = 1000;

export const GIFT_LINK_MESSAGES = {
  paidWithBatch: 'This gift is paid for with the others sent in the same checkout',
  notFound: 'This gift link is not valid or has expired',
  phoneNeeded: 'Please verify your mobile number before sending a gift by link',
  recipientContact: "Please give the recipient's mobile number or e-mail",
  noSlots: 'Please choose at least one delivery the recipient may pick',
  slotNotAllowed: 'The sender did not choose this delivery for the gift',
  alreadyOpened: 'The recipient has opened this link already, so it cannot be sent again or changed',
  alreadyAnswered: 'This gift has already been answered',
  notDelivered: 'We do not deliver to this pincode yet. Please give another address, perhaps where you work',
  notPaidYet: 'This gift cannot be answered just now',
  notExpired: 'This gift link has not expired: its recipient can still answer',
  waitingForAddress: 'This gift is waiting for its recipient to give the address',
  ownNumber: 'A gift link goes to someone else: please give the recipient’s own number',
} as const;

export const tooManyGiftLinksMessage = (limit: number, corporate = false) =>
  corporate
    ? `You can send ${limit} gift links a day. Please try again tomorrow.`
    : `You can send ${limit} gift links a day. Please try again tomorrow, or ask us about corporate gifting.`;

/**
 * Decision 0081: a link is paid for with the largest delivery fee its choices can cost (the
 * midnight slot's fee when the sender allows it); the recipient's cheaper choice is refunded.
 */
export const giftLinkSlotFeePaise = (
  allowedSlots: readonly string[],
  midnightSlotFeePaise: Paise,
  /** Decision 0090: the dearest of the owner's timed slots, which a link allowing 'timed' pays. */
  dearestTimedSlotPaise: Paise = 0,
): Paise =>
  Math.max(
    allowedSlots.includes('midnight') ? midnightSlotFeePaise : 0,
    allowedSlots.includes('timed') ? dearestTimedSlotPaise : 0,
  );

/**
 * Decision 0090: what a link allowing 'timed' pays: the dearest of the owner's active timed slots
 * (its recipient may pick one at any pincode); null when no slot is active, so none is offered.
 */
export const giftLinkTimedFeePaise = (
  slots: readonly { active: boolean; feePaise: Paise }[],
): Paise | null => {
  const fees = slots.filter((slot) => slot.active).map((slot) => slot.feePaise);
  return fees.length === 0 ? null : Math.max(...fees);
};

/** What the sender's timeline says when the recipient answers: never the address (decision 0081). */
export const giftAddressedNote = (when: string) =>
  `The recipient gave the delivery address: arriving ${when}`;
export const giftSenderAddressedNote = (when: string) => `You gave the delivery address: arriving ${when}`;
/** Decision 0081: after its life, the sender has this many days to choose before a full refund. */
export const GIFT_LINK_DAYS_TO_CHOOSE = 3;
export const GIFT_LINK_LAPSED_NOTE = `The gift link expired without an answer. Choose a refund or give the address yourself within ${GIFT_LINK_DAYS_TO_CHOOSE} days; without a choice the gift is refunded in full`;
export const GIFT_DECLINED_NOTE = 'The recipient declined the gift; it is refunded in full';
export const GIFT_EXPIRED_NOTE = 'The gift link expired without an address; the gift is refunded in full';
export const giftCheaperDeliveryNote = (refund: string) =>
  `The recipient chose a cheaper delivery: ${refund} is refunded to you`;

/** Decision 0081: a thank-you's refusals (apart, so pages without the thank-you do not load them). */
export const GIFT_THANKS_MESSAGES = {
  notYet: 'You can thank the sender once the gift has been delivered',
  alreadyThanked: 'You have already sent your thanks for this gift',
  photoFirst: 'Please send your note first, then its photo',
  photoTaken: 'Your thank-you already has its photo',
  noteNeeded: 'Please write a few words of thanks',
} as const;

/** Decision 0081: many recipients in one checkout: a CSV or pasted list of at most this many rows. */
export const GIFT_LINK_LIST_MAX_ROWS = 500;
/** Its size in characters: 500 rows of a name, a contact and a 250-character message, and room. */
export const GIFT_LINK_LIST_MAX_CHARS = 300_000;
export const GIFT_LINK_LIST_MESSAGES = {
  empty: 'Please paste or upload at least one recipient: name, mobile or e-mail, and a message if you like',
  tooMany: `A list may have at most ${GIFT_LINK_LIST_MAX_ROWS} recipients`,
  badRows: 'Some rows need correcting before payment',
  columns: 'Each row needs a name and a mobile number or e-mail, then a message if you like',
} as const;
/** A bad row of the list, named as the sender counts it (the first recipient is row 1). */
export const giftLinkRowProblem = (row: number, problem: string) => `Row ${row}: ${problem}`;

/** Decision 0081: the most a thank-you note may say (about a long SMS). */
export const GIFT_THANKS_NOTE_MAX = 500;
/**
 * Decision 0081: an answered link's page stays open this many days after the answer, so that its
 * recipient can come back to thank the sender once the gift has arrived.
 */
export const GIFT_THANKS_DAYS = 30;

/** The recipient's page: '/gift/<token>'. */
export const giftLinkPathOf = (token: string) => `/gift/${token}`;
