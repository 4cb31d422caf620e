import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AcceptGiftLinkPayload } from '../../shared/api/gift-links';
import { type GiftAddressValues, giftAddressSent } from './gift-address-values';

// The gift link's address form's checks: the server's AcceptGiftLinkPayload on the address it would
// send (the delivery is one the page offered, checked by the server). gift-address-form.tsx loads
// this at the form's first focus (decision 0088); `raw`, as the form sends what was typed.
const GiftAddressForm = z
  .custom<GiftAddressValues>()
  .transform(giftAddressSent)
  .pipe(
    z.object({
      address: AcceptGiftLinkPayload.shape.address,
      landmark: AcceptGiftLinkPayload.shape.landmark,
    }),
  );

export const checkGiftAddress = zodResolver(GiftAddressForm, undefined, { raw: true });
