import { z } from 'zod';

// The links built from the settings live in store-links.ts (no Zod, so the web shell can use them
// without loading Zod).

/** Public store settings from configuration (DESIGN 4 "Store settings"); never hard-coded in UI. */
export const StoreSettings = z.object({
  storeName: z.string(),
  tagline: z.string(),
  supportEmail: z.string(),
  instagramHandle: z.string(),
  whatsappNumber: z.string(),
  sameDayCity: z.string(),
  freeShippingFrom: z.number(),
  shippingFee: z.number(),
  gaMeasurementId: z.string().nullable(),
  /** Issue 21: the built-in sandbox takes the payments; every page says they are simulated. */
  testMode: z.boolean(),
});
export type StoreSettings = z.infer<typeof StoreSettings>;
