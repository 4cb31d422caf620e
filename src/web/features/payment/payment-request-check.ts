import { z } from 'zod';
import { AddressForm } from '../../../shared/address';
import { MarketingChoice } from '../../../shared/consents';
import { ShippingCalculation } from '../../../shared/delivery';
import { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { GiftOptions } from '../../../shared/gift-options';
import { NotifyConsent } from '../../../shared/notifications';
import { PersonalisationValues } from '../../../shared/personalisation';
import { QuantityTier } from '../../../shared/quantity-pricing';

// The payment page's check of what checkout handed it, with the shared schemas and Zod: loaded
// when the page first renders rather than with its chunk (checkout has usually loaded Zod by
// then, to check its own form), so the page stays within its JavaScript budget (decision 0088).

/** A cart line as the payment page needs it (SPEC 3 cart item, and SPEC 7 create-order lines). */
export const PaymentLine = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  image: z.string().catch(''),
  price: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  category: z.string().catch(''),
  inStock: z.boolean(),
  allowPreOrder: z.boolean(),
  minQuantity: z.number().int().positive(),
  /** What the shopper personalised the line with. */
  personalisation: PersonalisationValues.optional(),
  /** Decision 0080: the product's quantity tiers, so the page adds up what create-order charges. */
  quantityTiers: z.array(QuantityTier).catch([]),
});
export type PaymentLine = z.infer<typeof PaymentLine>;

/**
 * The navigation state checkout hands to /payment (SPEC 4 "go to payment with address and total"):
 * the chosen address, the total the shopper saw, the cart's shipping and its lines.
 */
export const PaymentRequest = z.object({
  address: AddressForm,
  orderTotal: z.number().nonnegative(),
  /** The shipping charge checkout quoted, in rupees: one of the charges the page adds up. */
  shippingFee: z.number().nonnegative(),
  shippingInfo: ShippingCalculation.nullable(),
  items: z.array(PaymentLine).min(1),
  /** The coupon applied at checkout and its saving in rupees (orderTotal is after it). */
  couponCode: z.string().optional(),
  discount: z.number().nonnegative().optional(),
  /** The gift message and "hide prices" chosen at checkout. */
  giftOptions: GiftOptions.optional(),
  /** The delivery day and slot chosen at checkout, with the slot's fee (in orderTotal). */
  delivery: DeliveryChoiceRecord.optional(),
  /** The order updates the shopper agreed to at checkout. */
  notify: NotifyConsent.optional(),
  /** Decision 0062: the offers the shopper ticked at checkout, per channel. */
  marketing: MarketingChoice.optional(),
  /** Decision 0069: Buy Now's one line, bought apart from the cart, which is kept. */
  buyNow: z.boolean().optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

/** The request in the navigation state, or null when it is missing or incomplete (SPEC 5). */
export function readPaymentRequest(state: unknown): PaymentRequest | null {
  const parsed = PaymentRequest.safeParse(state);
  return parsed.success ? parsed.data : null;
}
