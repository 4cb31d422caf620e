import { z } from 'zod';
import { ADDRESS_LIMITS } from '../address';
import { DeliveryDate } from '../delivery-dates';
import { GiftMessage } from '../gift-options';
import {
  CONTRIBUTION_NOTE_MAX,
  CONTRIBUTION_STATES,
  GROUP_GIFT_MESSAGES,
  GROUP_GIFT_STATES,
} from '../group-gifts';
import { CreateGiftLinkPayload } from './gift-links';
import { CreateOrderPayload, PaymentProviderName, ProviderOrder, VerifyPaymentPayload } from './payments';

// Decision 0084: the API of a group gift: the organiser opens a pool, friends chip in.

const PersonName = (empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, empty)
    .max(ADDRESS_LIMITS.fullName, `A name must be at most ${ADDRESS_LIMITS.fullName} characters`);

/** Rupees with at most two decimals, as the API speaks money (DESIGN 4). */
const Rupees = z
  .number({ error: 'Please give an amount in rupees' })
  .positive('Please give an amount in rupees')
  .max(10_000_000, 'That amount is too large')
  .refine(
    (rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6,
    'Please give rupees and paise only',
  );

/**
 * POST /api/group-gifts: the gift (checkout's lines, priced by the server when the pool opens,
 * totalAmount as the organiser saw it), the delivery address and an optional day and slot, who it
 * is for, the day it stops collecting (India time, at most 14 days on), a message and a share.
 */
export const OpenGroupGiftPayload = CreateOrderPayload.pick({
  items: true,
  totalAmount: true,
  delivery: true,
  notify: true,
})
  .extend({
    /** The address, or (giftLink) a gift link its recipient answers once the pool is met (decision 0081). */
    shippingAddress: CreateOrderPayload.shape.shippingAddress.optional(),
    giftLink: CreateGiftLinkPayload.pick({
      recipient: true,
      revealGift: true,
      allowedSlots: true,
    }).optional(),
    recipientName: PersonName('Please say who the gift is for'),
    closesOn: DeliveryDate,
    message: GiftMessage.optional(),
    /** "₹250 each"; none when left out. Within the owner's bounds of a share (checked by the server). */
    suggestedShare: Rupees.optional(),
    /** The page says "a surprise" instead of naming the gift; unticked, it names it. */
    surprise: z.boolean().default(false),
  })
  .refine((pool) => (pool.shippingAddress === undefined) !== (pool.giftLink === undefined), {
    message: GROUP_GIFT_MESSAGES.addressOrLink,
    path: ['shippingAddress'],
  });
export type OpenGroupGiftPayload = z.infer<typeof OpenGroupGiftPayload>;
export type OpenGroupGiftInput = z.input<typeof OpenGroupGiftPayload>;

/** A pool's token, as it arrives in a path: 43 base64url characters (256 bits). */
export const GroupGiftToken = z.object({ token: z.string().min(1).max(100) });

export const GroupGiftState = z.enum(GROUP_GIFT_STATES);

/** GET /api/group-gifts/:token: the pool's page. Never a phone number, never an address. */
export const GroupGiftView = z.object({
  /** The gift's lines; null when the organiser keeps it a surprise. */
  items: z.array(z.object({ name: z.string(), image: z.string(), quantity: z.number() })).nullable(),
  recipientName: z.string(),
  organiserName: z.string(),
  message: z.string().nullable(),
  targetAmount: z.number(),
  collectedAmount: z.number(),
  remainingAmount: z.number(),
  contributorCount: z.number(),
  /** "₹1,750 of ₹2,499 from 7 friends". */
  progress: z.string(),
  suggestedShare: z.number().nullable(),
  /** Rupees: the owner's bounds of one share (the last may be less when less remains). */
  minShare: z.number(),
  maxShare: z.number(),
  closesAt: z.string(),
  state: GroupGiftState,
  /** The contributors who chose to be named, with their notes, oldest first. */
  contributors: z.array(z.object({ id: z.number(), name: z.string(), note: z.string().nullable() })),
  /** Whether the signed-in reader is the organiser (who may top up or close it). */
  isOrganiser: z.boolean(),
  /** The order, once placed: its number, for the organiser's My Orders. */
  orderNumber: z.string().nullable(),
  /** Met but sold out: when everyone is refunded unless the organiser chooses another gift. */
  chooseBy: z.string().nullable(),
});
export type GroupGiftView = z.infer<typeof GroupGiftView>;

/** POST /api/group-gifts answers the pool's link (its token is shown this once) and its page. */
export const OpenGroupGiftResponse = z.object({ token: z.string(), path: z.string(), pool: GroupGiftView });
export type OpenGroupGiftResponse = z.infer<typeof OpenGroupGiftResponse>;

/** POST /api/group-gifts/:token/contributions: an amount, and whether to be named, with a note. */
export const ContributePayload = z.object({
  amount: Rupees,
  /** The name to show on the page; not named when left out. */
  shownName: PersonName('Please give the name to show').optional(),
  note: z
    .string()
    .trim()
    .max(CONTRIBUTION_NOTE_MAX, `A note is at most ${CONTRIBUTION_NOTE_MAX} characters`)
    .optional(),
});
export type ContributePayload = z.infer<typeof ContributePayload>;

/** The provider's order for the share, as Razorpay's checkout takes it. */
export const ContributeResponse = z.object({
  contributionId: z.number(),
  /** Rupees: the share, capped at what remained. */
  amount: z.number(),
  order: ProviderOrder,
  keyId: z.string(),
  provider: PaymentProviderName,
});
export type ContributeResponse = z.infer<typeof ContributeResponse>;

export const ContributionParams = GroupGiftToken.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** POST /api/group-gifts/:token/contributions/:id/verify: the checkout window's signed answer. */
export const ConfirmContributionPayload = VerifyPaymentPayload.omit({ orderId: true });
export type ConfirmContributionPayload = z.infer<typeof ConfirmContributionPayload>;

export const ConfirmContributionResponse = z.object({
  /** Rupees the pool kept, and rupees refunded at once (others paid the last rupees first). */
  takenAmount: z.number(),
  refundedAmount: z.number(),
  message: z.string(),
  pool: GroupGiftView,
});
export type ConfirmContributionResponse = z.infer<typeof ConfirmContributionResponse>;

/** PATCH /api/group-gifts/:token: the organiser's message and deadline. */
export const EditGroupGiftPayload = z.object({
  message: GiftMessage.optional(),
  closesOn: DeliveryDate.optional(),
});
export type EditGroupGiftPayload = z.infer<typeof EditGroupGiftPayload>;

/**
 * GET /api/group-gifts/:token/replacements: for the organiser of a pool met when its gift sold out,
 * gifts in stock that cost at most what was collected, each priced by the server with the pool's
 * own delivery, and what would go back to the friends.
 */
export const ReplacementGift = z.object({
  productId: z.number().int(),
  name: z.string(),
  image: z.string(),
  totalAmount: z.number(),
  refundAmount: z.number(),
});
export type ReplacementGift = z.infer<typeof ReplacementGift>;
export const ReplacementGiftList = z.object({ data: z.array(ReplacementGift) });
export type ReplacementGiftList = z.infer<typeof ReplacementGiftList>;

/** POST /api/group-gifts/:token/replacement: the gift chosen, and its total as the organiser saw it. */
export const ChooseReplacementPayload = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  totalAmount: z.number({ error: 'Total amount is required' }).nonnegative().max(100_000_000),
});
export type ChooseReplacementPayload = z.infer<typeof ChooseReplacementPayload>;

/** GET /api/admin/group-gifts?state=: the owner's pools, newest first, with their shares. */
export const AdminGroupGiftQuery = z.object({ state: GroupGiftState.optional() });

export const AdminGroupGift = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  recipientName: z.string(),
  organiserName: z.string(),
  state: GroupGiftState,
  targetAmount: z.number(),
  collectedAmount: z.number(),
  closesAt: z.string(),
  createdAt: z.string(),
  /** Every share started, by the account's name (never its phone): asked, kept, and its state. */
  contributions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      amount: z.number(),
      taken: z.number(),
      state: z.enum(CONTRIBUTION_STATES),
      confirmedAt: z.string().nullable(),
    }),
  ),
});
export type AdminGroupGift = z.infer<typeof AdminGroupGift>;
export const AdminGroupGiftList = z.object({ data: z.array(AdminGroupGift) });
export type AdminGroupGiftList = z.infer<typeof AdminGroupGiftList>;
