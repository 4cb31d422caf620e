import type { ShippingCalculation, ShippingQuote } from './delivery';
import { formatInr, formatPaise, type Paise, toPaise, toRupees } from './money';

// SPEC 9 and DESIGN 4: free shipping from ₹1,000, else ₹50. Written once here; the server passes
// its configured values and the client uses the defaults only as its fallback (SPEC 8).

export type ShippingRules = {
  freeShippingFromPaise: Paise;
  shippingFeePaise: Paise;
};

export const FREE_SHIPPING_FROM_PAISE: Paise = 100_000;
export const SHIPPING_FEE_PAISE: Paise = 5_000;

export const DEFAULT_SHIPPING_RULES: Readonly<ShippingRules> = Object.freeze({
  freeShippingFromPaise: FREE_SHIPPING_FROM_PAISE,
  shippingFeePaise: SHIPPING_FEE_PAISE,
});

/** Configuration and store settings speak rupees; the rules work in paise. */
export const shippingRulesFromRupees = (settings: {
  freeShippingFrom: number;
  shippingFee: number;
}): ShippingRules => ({
  freeShippingFromPaise: toPaise(settings.freeShippingFrom),
  shippingFeePaise: toPaise(settings.shippingFee),
});

/**
 * The charges in force, from the owner's settings (configuration until saved). Services
 * read them again for every quote and order, so a saved change applies on every instance at once.
 */
export type DeliveryCharges = { shippingRules: ShippingRules; midnightSlotFeePaise: Paise };
export type ReadDeliveryCharges = () => Promise<DeliveryCharges>;

/** The charges of settings in rupees (the owner's settings, the store's public settings). */
export const deliveryChargesFromRupees = (settings: {
  freeShippingFrom: number;
  shippingFee: number;
  midnightSlotFee: number;
}): DeliveryCharges => ({
  shippingRules: shippingRulesFromRupees(settings),
  midnightSlotFeePaise: toPaise(settings.midnightSlotFee),
});

export type ShippingPaiseQuote = { shippingFeePaise: Paise; freeShipping: boolean };

export function quoteShippingPaise(
  subtotalPaise: Paise,
  rules: ShippingRules = DEFAULT_SHIPPING_RULES,
): ShippingPaiseQuote {
  if (!Number.isInteger(subtotalPaise) || subtotalPaise < 0) {
    throw new RangeError(`A subtotal must be whole, non-negative paise, got ${subtotalPaise}`);
  }
  // A store configured with no fee ships everything free, whatever the threshold.
  const freeShipping = subtotalPaise >= rules.freeShippingFromPaise || rules.shippingFeePaise === 0;
  return { shippingFeePaise: freeShipping ? 0 : rules.shippingFeePaise, freeShipping };
}

/** 'Free shipping for orders ≥ ₹1,000' or '₹50 shipping charge', from the rules in force. */
export function shippingReason(freeShipping: boolean, rules: ShippingRules = DEFAULT_SHIPPING_RULES): string {
  if (!freeShipping) return `${formatPaise(rules.shippingFeePaise)} shipping charge`;
  if (rules.shippingFeePaise === 0) return 'Free shipping';
  return `Free shipping for orders ≥ ${formatPaise(rules.freeShippingFromPaise)}`;
}

/** SPEC 3 shipping calculation of a cart subtotal, in rupees as the API and UI use them. */
export function calculateShipping(
  subtotalRupees: number,
  rules: ShippingRules = DEFAULT_SHIPPING_RULES,
): ShippingCalculation {
  const subtotalPaise = toPaise(subtotalRupees);
  const { shippingFeePaise, freeShipping } = quoteShippingPaise(subtotalPaise, rules);
  return {
    subtotal: toRupees(subtotalPaise),
    shippingFee: toRupees(shippingFeePaise),
    total: toRupees(subtotalPaise + shippingFeePaise),
    freeShipping,
    shippingReason: shippingReason(freeShipping, rules),
  };
}

/** SPEC 9: the delivery record's shipping line, 'Free shipping' or '₹50 shipping charge'. */
export function shippingQuoteMessage(quote: { free: boolean; cost: number }): string {
  return quote.free ? 'Free shipping' : `${formatInr(quote.cost)} shipping charge`;
}

/** SPEC 3 shipping quote by pincode for an order value in rupees (the pincode check uses 0). */
export function quoteShipping(
  orderValueRupees: number,
  rules: ShippingRules = DEFAULT_SHIPPING_RULES,
): ShippingQuote {
  const { shippingFeePaise, freeShipping } = quoteShippingPaise(toPaise(orderValueRupees), rules);
  const cost = toRupees(shippingFeePaise);
  return { cost, free: freeShipping, message: shippingQuoteMessage({ free: freeShipping, cost }) };
}
