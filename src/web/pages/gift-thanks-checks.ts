import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { GiftThanksPayload } from '../../shared/api/gift-thanks';

// The recipient's thank-you: the server's GiftThanksPayload on the note, and a photo if they chose
// one (the server checks its kind and size). gift-link-page.tsx loads this at the form's first
// focus (decision 0088).
const GiftThanksForm = GiftThanksPayload.extend({ photo: z.custom<File | null>() });

export const checkGiftThanks = zodResolver(GiftThanksForm);
