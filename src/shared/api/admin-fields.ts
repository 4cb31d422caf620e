import { z } from 'zod';
import { GST_RATES_BP, RETIRED_GST_RATES_BP } from '../gst';

/** Field shapes shared by the back office's schemas (./admin and ./admin-products). */
export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const trimmed = (max: number) => z.string().trim().max(max);

/** GST of a category, and of a product that has its own. */
export const hsnCode = z
  .string()
  .trim()
  .max(8, { error: 'An HSN code is 4 to 8 digits', abort: true })
  .regex(/^\d{4,8}$/, 'An HSN code is 4 to 8 digits');
// A retired slab (12%, 28%) is still taken, so that saving a form that has not been re-rated yet
// changes nothing else; the row stays listed for the owner to confirm (decision 0059).
export const gstRate = z
  .number({ error: 'Choose a GST rate' })
  .refine((rate) => [...GST_RATES_BP, ...RETIRED_GST_RATES_BP].includes(Math.round(rate * 100) as never), {
    message: `GST is one of ${GST_RATES_BP.map((rate) => `${rate / 100}%`).join(', ')}`,
  });
