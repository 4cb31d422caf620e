import { asc, eq } from 'drizzle-orm';
import { quantityDiscountLabel } from '../../../shared/order-charges';
import type { Tx } from '../../db/client';
import { mailContactOf } from '../auth';
import type { MailOrder } from '../mail';
import {
  addressOf,
  deliveryChoiceOf,
  deliveryEstimateOf,
  feesOfOrder,
  giftLinkOf,
  type OrderRow,
} from '../orders';
import { orderItems } from '../orders/tables';

/** An order as its mails show it: the customer, the lines and the amounts. */
export async function mailOrderOf(tx: Tx, order: OrderRow): Promise<MailOrder> {
  // Every order that can be paid has its customer (an unclaimed quote is claimed before payment).
  const customer = order.userId === null ? null : await mailContactOf(tx, order.userId);
  const items = await tx
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      isPreOrder: orderItems.isPreOrder,
      quantityTier: orderItems.quantityTier,
      tierDiscountPaise: orderItems.tierDiscountPaise,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const address = addressOf(order);
  const fees = await feesOfOrder(tx, order.id);
  const link = await giftLinkOf(tx, order.id);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: customer?.fullName || address.fullName,
    customerEmail: customer?.email ?? '',
    items: items.map(({ quantityTier: _tier, tierDiscountPaise: _saving, ...item }) => item),
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
