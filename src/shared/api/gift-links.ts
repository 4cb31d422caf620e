import { z } from 'zod';
import { ADDRESS_LIMITS, ShippingAddress } from '../address';
import { DeliveryChoice, DeliverySlot } from '../delivery-dates';
import { GIFT_LINK_LIST_MAX_CHARS, GIFT_LINK_MESSAGES, GIFT_LINK_ROW_STATES } from '../gift-links';
import { GiftMessage } from '../gift-options';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from '../phone';
import { BusinessDetails } from './auth';
import { CreateOrderPayload, CreateOrderResponse } from './payments';

// Decision 0081: the API of a gift sent by link (the sender's checkout, the recipient's page).

const RecipientName = z
  .string({ error: "Please give the recipient's name" })
  .trim()
  .min(1, "Please give the recipient's name")
  .max(ADDRESS_LIMITS.fullName, `The recipient's name must be at most ${ADDRESS_LIMITS.fullName} characters`);

const RecipientPhone = z
  .string()
  .trim()
  .max(PHONE_INPUT_MAX, 'Please enter a valid 10-digit mobile number')
  .refine(isValidPhone, 'Please enter a valid 10-digit mobile number')
  .transform(normalisePhone);

const RecipientEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid e-mail for the recipient')
  .pipe(z.email('Please enter a valid e-mail for the recipient'));

/**
 * The deliveries a link may allow: standard (same-day where the pincode has it), midnight, and
 * (decision 0090) one of the recipient's pincode's timed slots.
 */
export const GiftLinkSlot = z.enum(['standard', 'midnight', 'timed'], {
  error: GIFT_LINK_MESSAGES.slotNotAllowed,
});
export type GiftLinkSlot = z.infer<typeof GiftLinkSlot>;

/** Who the link goes to: a name and a mobile number or an e-mail (at least one). */
export const GiftLinkRecipient = z
  .object({ name: RecipientName, phone: RecipientPhone.optional(), email: RecipientEmail.optional() })
  .refine((recipient) => recipient.phone !== undefined || recipient.email !== undefined, {
    message: GIFT_LINK_MESSAGES.recipientContact,
    path: ['phone'],
  });
export type GiftLinkRecipient = z.infer<typeof GiftLinkRecipient>;

/**
 * POST /api/gift-links: checkout's cart without an address, paid online now. totalAmount is the
 * total with the largest delivery fee the allowed slots can cost (decision 0081).
 */
export const CreateGiftLinkPayload = CreateOrderPayload.pick({
  items: true,
  totalAmount: true,
  couponCode: true,
}).extend({
  recipient: GiftLinkRecipient,
  message: GiftMessage.optional(),
  /** Whether the recipient sees the product before it arrives; a surprise unless ticked. */
  revealGift: z.boolean().default(false),
  allowedSlots: z
    .array(GiftLinkSlot)
    .min(1, GIFT_LINK_MESSAGES.noSlots)
    .max(GiftLinkSlot.options.length)
    .refine((slots) => new Set(slots).size === slots.length, 'Name each delivery once'),
});
export type CreateGiftLinkPayload = z.infer<typeof CreateGiftLinkPayload>;
export type CreateGiftLinkInput = z.input<typeof CreateGiftLinkPayload>;

/**
 * GET /api/gift-links/timed-slot-fee: what checkout shows beside "A timed slot" (decision 0090),
 * the dearest active timed slot's fee in paise; null when the owner has none active.
 */
export const GiftLinkTimedFee = z.object({ feePaise: z.number().int().nonnegative().nullable() });
export type GiftLinkTimedFee = z.infer<typeof GiftLinkTimedFee>;

/** A link's token, as it arrives in a path: 43 base64url characters (256 bits). */
export const GiftLinkToken = z.object({ token: z.string().min(1).max(100) });

export const GiftLinkState = z.enum(GIFT_LINK_ROW_STATES);

/** GET /api/gift-links/:token: what the recipient's page shows. Never a price, never an address. */
export const GiftLinkView = z.object({
  senderName: z.string(),
  recipientName: z.string(),
  /** The product (name, image, quantity); null when the sender keeps it a surprise. */
  items: z.array(z.object({ name: z.string(), image: z.string(), quantity: z.number() })).nullable(),
  message: z.string().nullable(),
  allowedSlots: z.array(GiftLinkSlot),
  state: GiftLinkState,
  expiresAt: z.string(),
  /** The date and slot chosen, once the address is given. */
  delivery: z.object({ date: z.string(), slot: DeliverySlot }).nullable(),
  /** Whether the gift has arrived: the recipient may then send a thank-you. */
  delivered: z.boolean(),
  /** The thank-you they sent, once sent (one a gift). */
  thanks: z.object({ note: z.string(), photo: z.boolean() }).nullable(),
});
export type GiftLinkView = z.infer<typeof GiftLinkView>;

/** POST /api/gift-links/:token/accept: the recipient's address (pincode first), landmark, day and slot. */
export const AcceptGiftLinkPayload = z.object({
  address: ShippingAddress,
  landmark: z.string().trim().max(ADDRESS_LIMITS.addressLine, 'The landmark is too long').optional(),
  delivery: DeliveryChoice,
});
export type AcceptGiftLinkPayload = z.infer<typeof AcceptGiftLinkPayload>;

/**
 * POST /api/orders/:id/gift-link/resend: the link again, before it is opened, to a corrected
 * mobile or e-mail when given (the other is then dropped), else to the same.
 */
export const GiftLinkResend = z.object({
  phone: RecipientPhone.optional(),
  email: RecipientEmail.optional(),
});
export type GiftLinkResend = z.infer<typeof GiftLinkResend>;

/** What the sender's order page shows of the link: its state and the delivery date, never the address. */
export const GiftLinkStatus = z.object({
  recipientName: z.string(),
  state: GiftLinkState,
  openedAt: z.string().nullable(),
  expiresAt: z.string(),
  delivery: z.object({ date: z.string(), slot: DeliverySlot }).nullable(),
  /** The deliveries the sender allowed: once the link expired, they may give the address themselves. */
  allowedSlots: z.array(GiftLinkSlot),
  /** The recipient's thank-you, once they sent one; its photo is at GET .../gift-link/thanks/photo. */
  thanks: z.object({ note: z.string(), at: z.string(), photo: z.boolean() }).nullable(),
});
export type GiftLinkStatus = z.infer<typeof GiftLinkStatus>;

/**
 * POST /api/gift-links/recipients: many recipients in one checkout, as a CSV file's text or a pasted
 * list, one recipient a line: name, mobile or e-mail, and a message if any (decision 0081).
 */
export const GiftLinkRecipientList = z.object({
  list: z.string().max(GIFT_LINK_LIST_MAX_CHARS, 'The list is too long: at most 500 recipients'),
});

/** The list's recipients once every row is right, each numbered as the sender counts them. */
export const GiftLinkRecipientRows = z.object({
  recipients: z.array(
    z.object({
      row: z.number(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type GiftLinkRecipientRows = z.infer<typeof GiftLinkRecipientRows>;

/**
 * POST /api/gift-links/batches: one gift, the same cart, to every recipient of a checked list, paid
 * once (decision 0090). totalAmount is the batch's: each recipient's order's total, added up.
 * `message` is for the rows without one of their own; `business` a corporate buyer's GSTIN and
 * legal name, printed on every recipient's invoice.
 */
export const CreateGiftLinkBatchPayload = CreateGiftLinkPayload.pick({
  items: true,
  totalAmount: true,
  revealGift: true,
  allowedSlots: true,
}).extend({
  list: GiftLinkRecipientList.shape.list,
  message: GiftMessage.optional(),
  business: BusinessDetails.optional(),
});
export type CreateGiftLinkBatchPayload = z.infer<typeof CreateGiftLinkBatchPayload>;
export type CreateGiftLinkBatchInput = z.input<typeof CreateGiftLinkBatchPayload>;

/** The batch's one provider order to pay (orderId is the batch's id), and how many orders it pays. */
export const CreateGiftLinkBatchResponse = CreateOrderResponse.extend({ orders: z.number() });
export type CreateGiftLinkBatchResponse = z.infer<typeof CreateGiftLinkBatchResponse>;
