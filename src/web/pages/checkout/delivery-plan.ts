import { deliveryRefusal } from '../../../shared/delivery-rules';
import type { CheckoutDelivery } from '../../features/checkout/delivery-estimate';

/**
 * SPEC 2 and 8: what the chosen address's pincode check allows. `undeliverable` is the reason
 * create-order would refuse it with (its pincode named); `datesPincode` the pincode whose days are
 * offered, none for an order with a pre-order line (it ships in its window) or an undeliverable one.
 */
export function deliveryPlan(delivery: CheckoutDelivery, hasPreOrder: boolean) {
  const refusal = delivery.status === 'checked' ? deliveryRefusal(delivery.info) : null;
  const undeliverable =
    refusal && delivery.status === 'checked' ? { postalCode: delivery.postalCode, reason: refusal } : null;
  const datesPincode =
    !hasPreOrder && delivery.status !== 'no-address' && !undeliverable ? delivery.postalCode : null;
  return { undeliverable, datesPincode };
}
