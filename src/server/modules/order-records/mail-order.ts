import { quantityDiscountLabel } from '../../../shared/order-charges';
import type { Tx } from '../../db/client';
import { mailContactOf } from '../auth';
import { giftLinkOf } from '../gift-links';
import type { MailOrder } from '../mail';
import {
  addressOf,
  deliveryChoiceOf,
  deliveryEstimateOf,
  feesOfOrder,
  type OrderRow,
  orderLinesOf,
} from '../orders';

/** An order as its mails show it: the customer, the lines and the amounts. */
export async function mailOrderOf(tx: Tx, order: OrderRow): Promise<MailOrder> {
  // Every order that can be paid has its customer (an unclaimed quote is claimed before payment).
  const customer = order.userId === null ? null : await mailContactOf(tx, order.userId);
  const items = await orderLinesOf(tx, order.id);
  const address = addressOf(order);
  const fees = await feesOfOrder(tx, order.id);
  const link = await giftLinkOf(tx, order.id);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: customer?.fullName || address.fullName,
    customerEmail: customer?.email ?? '',
    items: items.map(({ name, quantity, pricePaise, isPreOrder }) => ({
      name,
      quantity,
      pricePaise,
      isPreOrder,
    })),
    subtotalPaise: order.subtotalPaise,
    quantityDiscounts: items.flatMap((item) =>
      item.quantityTier && item.tierDiscountPaise > 0
        ? [{ label: quantityDiscountLabel(item.name, item.quantityTier), paise: item.tierDiscountPaise }]
        : [],
    ),
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    fees: fees.map(({ label, paise }) => ({ label, paise })),
    totalPaise: order.totalPaise,
    shippingAddress: address,
    giftLinkRecipient: link?.recipientName ?? null,
    deliveryEstimate: deliveryEstimateOf(order),
    placedAt: order.createdAt,
    deliveryChoice: deliveryChoiceOf(order, fees),
    cashOnDelivery: order.paymentMethod === 'cod',
  };
}
