import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CreateGiftLinkBatchPayload, CreateGiftLinkPayload } from '../../../shared/api/gift-links';
import {
  type GiftLinkListValues,
  type GiftLinkValues,
  giftLinkListSent,
  giftLinkSent,
} from './gift-link-values';

// Checkout's gift link forms' checks, with Zod: the server's own schemas run on what the form would
// send, their messages landing on the field of the same path. gift-link-form.tsx and
// gift-link-list-form.tsx load this module at the form's first focus or check (decision 0088).
// `raw`: the form sends what the sender typed, as before; the server tidies it as it parses.

const GiftLinkForm = z
  .custom<GiftLinkValues>()
  .transform(giftLinkSent)
  .pipe(CreateGiftLinkPayload.pick({ recipient: true, message: true, revealGift: true, allowedSlots: true }));

const GiftLinkListForm = z
  .custom<GiftLinkListValues>()
  .transform(giftLinkListSent)
  .pipe(
    CreateGiftLinkBatchPayload.pick({
      list: true,
      message: true,
      revealGift: true,
      allowedSlots: true,
      business: true,
    }),
  );

export const checkGiftLink = zodResolver(GiftLinkForm, undefined, { raw: true });
export const checkGiftLinkList = zodResolver(GiftLinkListForm, undefined, { raw: true });
