import type {
  CreateGiftLinkBatchInput,
  CreateGiftLinkInput,
  GiftLinkSlot,
} from '../../../shared/api/gift-links';

// Decision 0081 and 0090: what the sender types in checkout's gift link forms, and what of it is
// sent. Zod-free, as the forms load with checkout; gift-link-checks.ts runs the server's schema on
// what these functions send, so a field the form leaves empty is checked as the server sees it.

/** "Send as a gift link": one recipient. Nothing ticked for the sender (E-Commerce Rules r.4). */
export type GiftLinkValues = {
  recipient: { name: string; phone: string; email: string };
  message: string;
  revealGift: boolean;
  allowedSlots: GiftLinkSlot[];
};

export const NO_GIFT_LINK: GiftLinkValues = {
  recipient: { name: '', phone: '', email: '' },
  message: '',
  revealGift: false,
  allowedSlots: [],
};

/** A list of recipients, one gift each; the company's GSTIN only once its box is ticked. */
export type GiftLinkListValues = {
  list: string;
  message: string;
  revealGift: boolean;
  allowedSlots: GiftLinkSlot[];
  withBusiness: boolean;
  business: { gstin: string; legalName: string };
};

export const NO_GIFT_LINK_LIST: GiftLinkListValues = {
  list: '',
  message: '',
  revealGift: false,
  allowedSlots: [],
  withBusiness: false,
  business: { gstin: '', legalName: '' },
};

type Sent<Input, Fields extends keyof Input> = Pick<Input, Fields>;

/** The link's recipient and choices as sent: a contact or message left blank is not sent at all. */
export function giftLinkSent({
  recipient,
  message,
  revealGift,
  allowedSlots,
}: GiftLinkValues): Sent<CreateGiftLinkInput, 'recipient' | 'message' | 'revealGift' | 'allowedSlots'> {
  return {
    recipient: {
      name: recipient.name,
      ...(recipient.phone.trim() ? { phone: recipient.phone } : {}),
      ...(recipient.email.trim() ? { email: recipient.email } : {}),
    },
    ...(message.trim() ? { message } : {}),
    revealGift,
    allowedSlots,
  };
}

/** The list's choices as sent: a blank message and an unticked GSTIN are not sent. */
export function giftLinkListSent({
  list,
  message,
  revealGift,
  allowedSlots,
  withBusiness,
  business,
}: GiftLinkListValues): Sent<
  CreateGiftLinkBatchInput,
  'list' | 'message' | 'revealGift' | 'allowedSlots' | 'business'
> {
  return {
    list,
    ...(message.trim() ? { message } : {}),
    revealGift,
    allowedSlots,
    ...(withBusiness ? { business } : {}),
  };
}
