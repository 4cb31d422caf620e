import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DeliveryAnswer, TrackQuery } from '../../../shared/api/courier';

// The tracking forms' checks, with Zod and the shared schemas the server runs on what they send:
// the Track page and the order page's failed delivery form load this module when first focused or
// checked (decision 0088).

/** The form holds every answer's fields at once; the chosen kind's are checked and sent. */
const FailedDeliveryForm = z
  .object({
    kind: z.enum(['reattempt', 'fix_address']),
    date: z.string(),
    address: z.string(),
    phone: z.string(),
  })
  .transform(({ kind, date, address, phone }) =>
    kind === 'reattempt' ? { kind, date } : { kind, address, phone },
  )
  .pipe(DeliveryAnswer);

export const checkTrackQuery = zodResolver(TrackQuery);
export const checkDeliveryAnswer = zodResolver(FailedDeliveryForm);
