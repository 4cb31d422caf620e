import { carriesGiftMessage } from './add-ons';
import { cityAndState } from './address';
import type { OrderRecord } from './api/orders';
import { deliveryChoiceText } from './delivery-slot-rules';
import { lineAmountPaise, toRupees } from './money';
import { orderItemKey, type PersonalisationRecord } from './personalisation-rules';

/**
 * Decision 0072: what travels in the box, worked out once; the back office's page (HTML) and the
 * bulk PDF lay out the same content. Amounts are in rupees and absent when the shopper asked to
 * hide prices (a gift); the cash to collect is the courier's instruction, shown even then.
 */
export type PackingSlip = {
  storeName: string;
  orderNumber: string;
  deliverTo: string[];
  /** The delivery day and slot the shopper chose, as words; '' when none. */
  deliverOn: string;
  items: {
    key: string;
    name: string;
    quantity: number;
    amount: number | null;
    personalisation: PersonalisationRecord | null;
    /** Decision 0079: a greeting card's line carries the gift message, to write in the card. */
    cardMessage: string | null;
  }[];
  /** Decision 0080: each line's quantity tier, so the lines add up; empty without one or hidden. */
  quantityDiscounts: { label: string; amount: number }[];
  /** The coupon's saving on the items, so the lines add up to the total; null without one or hidden. */
  discount: { label: string; amount: number } | null;
  /** Each fee on its own line (shipping, a slot, cash on delivery); empty when prices are hidden. */
  fees: { label: string; amount: number }[];
  /** null when prices are hidden. */
  total: number | null;
  /** The gift message when no greeting card carries it (then it is printed on its own). */
  giftMessage: string | null;
  /** Decision 0042: rupees the courier collects at the door; null when nothing is to collect. */
  codToCollect: number | null;
};

export function packingSlipOf(order: OrderRecord, storeName: string): PackingSlip {
  const address = order.shippingAddress;
  const showPrices = !order.gift?.hidePrices;
  const message = order.gift?.message ?? null;
  // Decision 0079: the first greeting card carries the message; a second card is just a card.
  const card = order.items.find((item) => carriesGiftMessage(item.product.addOnKind));
  return {
    storeName,
    orderNumber: order.orderNumber,
    deliverTo: [
      address.fullName,
      address.address,
      `${cityAndState(address)} - ${address.postalCode}`,
      `Phone: ${address.phone}`,
    ],
    deliverOn: order.delivery ? deliveryChoiceText(order.delivery) : '',
    items: order.items.map((item) => ({
      key: orderItemKey(item),
      name: `${item.product.name}${item.isPreOrder ? ' (Pre-Order)' : ''}`,
      quantity: item.quantity,
      amount: showPrices ? toRupees(lineAmountPaise(item)) : null,
      personalisation: item.personalisation,
      cardMessage: item === card ? message : null,
    })),
    quantityDiscounts: showPrices ? order.quantityDiscounts : [],
    discount:
      showPrices && order.discount > 0
        ? { label: `Coupon ${order.couponCode ?? ''}`.trim(), amount: order.discount }
        : null,
    fees: showPrices ? order.fees.map((fee) => ({ label: fee.label, amount: fee.amount })) : [],
    total: showPrices ? order.totalAmount : null,
    giftMessage: card ? null : message,
    codToCollect:
      order.cashOnDelivery && !order.cashOnDelivery.collected ? order.cashOnDelivery.toCollect : null,
  };
}
