import type { DeliveryInfo } from '../../../shared/delivery';
import { arrivalPhrase, DELIVERY_MESSAGES, deliveryRefusal } from '../../../shared/delivery-rules';
import { PRE_ORDER_DAYS_CHECKOUT } from '../../../shared/pincode';

/** What checkout knows about delivery to the chosen address's postal code. */
export type CheckoutDelivery =
  | { status: 'no-address' }
  | { status: 'checking'; postalCode: string }
  /** The lookup failed and nothing was cached: only the general promise can be made (SPEC 8). */
  | { status: 'unknown'; postalCode: string }
  | { status: 'checked'; postalCode: string; info: DeliveryInfo };

export type DeliveryMix = { hasInStock: boolean; hasPreOrder: boolean };

/** SPEC 2: '{days} to {city}', plus '(Express)' for fast delivery. */
export const daysToCity = (info: Pick<DeliveryInfo, 'days' | 'city' | 'fastDelivery'>) =>
  `${info.days}${info.city ? ` to ${info.city}` : ''}${info.fastDelivery ? ' (Express)' : ''}`;

/**
 * The summary's estimate lines, only when the postal code is served. In-stock lines take the
 * pincode's days; pre-order lines the checkout's pre-order window (SPEC 9: 15-20 days).
 */
export function estimateLines(delivery: CheckoutDelivery, mix: DeliveryMix): string[] {
  if (delivery.status !== 'checked' || !delivery.info.serviceable) return [];
  const { info } = delivery;
  const lines: string[] = [];
  if (mix.hasInStock) lines.push(mix.hasPreOrder ? `In-stock items: ${daysToCity(info)}` : daysToCity(info));
  if (mix.hasPreOrder) {
    const window = `${PRE_ORDER_DAYS_CHECKOUT}${info.city ? ` to ${info.city}` : ''}`;
    lines.push(mix.hasInStock ? `Pre-order items: ${window}` : window);
  }
  return lines;
}

/** The 'Expected Delivery' box's sentence for every state of the lookup. */
export function expectedDeliveryText(delivery: CheckoutDelivery, mix: DeliveryMix): string {
  const preOrder = mix.hasPreOrder ? ` Pre-order items arrive in ${PRE_ORDER_DAYS_CHECKOUT}.` : '';
  switch (delivery.status) {
    case 'no-address':
      return 'Add or select a delivery address to see when your gifts arrive.';
    case 'checking':
      return `Checking delivery to ${delivery.postalCode}...`;
    case 'unknown':
      return `Your order will be ${DELIVERY_MESSAGES.lookupFailedEstimate}.${preOrder}`;
    case 'checked': {
      const { info } = delivery;
      // The reason Proceed to Payment is disabled, from the rule create-order applies.
      const refusal = deliveryRefusal(info);
      if (refusal) return `${refusal}.`;
      if (!mix.hasInStock) return `Your pre-order arrives in ${PRE_ORDER_DAYS_CHECKOUT}.`;
      const speed = info.type === 'same_day' ? `${info.message}.` : `Arrives ${arrivalPhrase(info.days)}.`;
      return `${speed}${preOrder}`;
    }
  }
}
