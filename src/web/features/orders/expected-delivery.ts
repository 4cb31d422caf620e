import type { OrderRecord } from '../../../shared/api/orders';
import { deliveryPromise } from '../../../shared/delivery-promise';
import { showsExpectedDelivery } from '../../../shared/order-status';

type OrderDelivery = Pick<OrderRecord, 'status' | 'items' | 'deliveryEstimate' | 'createdAt' | 'delivery'>;

/** Whether any line waits for stock: the order then arrives in the pre-order window. */
export const hasPreOrderItems = (order: Pick<OrderRecord, 'items' | 'deliveryEstimate'>) =>
  order.items.some((item) => item.isPreOrder) || order.deliveryEstimate?.isPreOrder === true;

/**
 * SPEC 2 "My Orders": the expected-delivery hint, or null for orders that are not on their way
 * (delivered, cancelled, returned). It is the order's one delivery promise (decision 0068), the
 * same sentence its page and its mails say.
 */
export function expectedDeliveryHint(order: OrderDelivery): string | null {
  if (!showsExpectedDelivery(order.status)) return null;
  return deliveryPromise({ ...order, hasPreOrder: hasPreOrderItems(order) });
}
