import { z } from 'zod';

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
});
export type StoreSettings = z.infer<typeof StoreSettings>;

/** The chat-app button opens a pre-filled chat about return gifts (SPEC 1). */
export const chatLink = (settings: Pick<StoreSettings, 'whatsappNumber'>) =>
  `https://wa.me/${settings.whatsappNumber}?text=${encodeURIComponent('Hi! I would like to know more about your return gifts.')}`;

export const instagramLink = (settings: Pick<StoreSettings, 'instagramHandle'>) =>
  `https://www.instagram.com/${settings.instagramHandle}/`;
