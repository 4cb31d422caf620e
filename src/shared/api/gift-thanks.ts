import { z } from 'zod';
import { GIFT_THANKS_MESSAGES, GIFT_THANKS_NOTE_MAX } from '../gift-links';

// Decision 0081: the recipient's thank-you, in a module of its own: only the server parses it, so
// the pages that import the gift links' other schemas do not carry it.

/** POST /api/gift-links/:token/thanks: the recipient's thank-you note, once the gift is delivered. */
export const GiftThanksPayload = z.object({
  note: z
    .string({ error: GIFT_THANKS_MESSAGES.noteNeeded })
    .trim()
    .min(1, GIFT_THANKS_MESSAGES.noteNeeded)
    .max(GIFT_THANKS_NOTE_MAX, `Please keep the note to ${GIFT_THANKS_NOTE_MAX} characters`),
});
export type GiftThanksPayload = z.infer<typeof GiftThanksPayload>;
