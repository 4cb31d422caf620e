import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { OpenGroupGiftPayload } from '../../shared/api/group-gifts';
import { type GroupGiftStartValues, groupGiftSent } from './group-gift-start-values';

// "Start a group gift": the server's OpenGroupGiftPayload on the pool the form would send (its gift
// is the cart's, priced by the server). group-gift-start-page.tsx loads this at the form's first
// focus (decision 0088); `raw`, as the form sends what was typed.
const { shippingAddress, giftLink, recipientName, closesOn, message, suggestedShare, surprise } =
  OpenGroupGiftPayload.shape;

const GroupGiftStartForm = z
  .custom<GroupGiftStartValues>()
  .transform(groupGiftSent)
  .pipe(z.object({ shippingAddress, giftLink, recipientName, closesOn, message, suggestedShare, surprise }));

export const checkGroupGiftStart = zodResolver(GroupGiftStartForm, undefined, { raw: true });
