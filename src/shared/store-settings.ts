import { z } from 'zod';
import { RETURN_SHIPPING_PAYERS } from './return-rules';

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
  /** The midnight slot's extra charge at same-day pincodes, in rupees. */
  midnightSlotFee: z.number(),
  /** Pincodes this close to the dispatch pincode get next-day delivery (DESIGN 4). */
  nextDayRadiusKm: z.number(),
  /**
   * Consumer Protection (E-Commerce) Rules, 2020: the seller's identity, how to reach
   * customer care and the Grievance Officer, shown in the footer and on the Contact page.
   */
  seller: z.object({ legalName: z.string(), address: z.string(), gstin: z.string() }),
  customerCare: z.object({ phone: z.string(), email: z.string() }),
  grievanceOfficer: z.object({
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  /** The built-in sandbox takes the payments; every page says they are simulated. */
  testMode: z.boolean(),
  /**
   * Decision 0042: whether the store takes cash on delivery at all (the owner's switch). The payment
   * page holds the choice's place while a cart's own answer is on its way, so that nothing moves
   * under the shopper's thumb when it comes.
   */
  cashOnDelivery: z.boolean(),
  /** Decision 0051: days after delivery a defective, damaged, wrong or late item may be returned. */
  faultReturnDays: z.number(),
  /** E-Commerce Rules 2020, rule 7(1)(c): the fee a shopper pays, stated on the policy pages (rupees). */
  codFee: z.number(),
  /** Rule 7(1)(a): who pays to send a return back (the owner's setting). */
  returnShippingPaidBy: z.enum(RETURN_SHIPPING_PAYERS),
  /** The order-news channels checkout ticks until the shopper changes them. */
  orderUpdates: z.object({ whatsapp: z.boolean(), sms: z.boolean(), email: z.boolean() }),
});
export type StoreSettings = z.infer<typeof StoreSettings>;
