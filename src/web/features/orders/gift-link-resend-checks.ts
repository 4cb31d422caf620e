import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { GiftLinkResend } from '../../../shared/api/gift-links';

// "Send the link again": the server's GiftLinkResend on the mobile typed, none when left empty (the
// same one then). gift-link-status.tsx loads this at the form's first focus (decision 0088); `raw`,
// as the form sends what was typed and the server tidies it.
const ResendForm = z
  .object({ phone: z.string() })
  .transform(({ phone }) => (phone.trim() ? { phone } : {}))
  .pipe(GiftLinkResend);

export const checkResend = zodResolver(ResendForm, undefined, { raw: true });
