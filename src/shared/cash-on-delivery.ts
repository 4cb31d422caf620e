import { z } from 'zod';
import { PAYMENT_METHODS } from './cash-on-delivery-rules';

// Decision 0042, cash on delivery: the schemas of the payment method and the owner's pincodes. The
// rules, without Zod so that pages use them without loading it, are in cash-on-delivery-rules.ts,
// which this module re-exports.
export * from './cash-on-delivery-rules';

export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const PINCODES_MESSAGE = 'List pincodes or their first 3 to 6 digits, separated by commas, like 560, 110001';

/**
 * The pincodes where the courier collects cash: whole pincodes or their first digits (560 is all
 * of Bengaluru's), separated by commas or spaces; empty means every pincode the store delivers to.
 * Kept as one tidy string so the settings' change log compares it like any other field.
 */
export const CodPincodes = z
  .string({ error: PINCODES_MESSAGE })
  .max(2000, 'The pincode list must be at most 2,000 characters')
  // overwrite, not transform: the settings' response schema must stay a plain string to serialise.
  .overwrite((value) =>
    value
      .split(/[\s,;]+/)
      .filter(Boolean)
      .join(', '),
  )
  .refine((value) => value === '' || value.split(', ').every((entry) => /^\d{3,6}$/.test(entry)), {
    message: PINCODES_MESSAGE,
  });
