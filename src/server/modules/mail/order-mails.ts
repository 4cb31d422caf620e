import { type AddressForm, cityAndState } from '../../../shared/address';
import type { DeliveryEstimate } from '../../../shared/api/orders';
import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { deliveryChoiceText } from '../../../shared/delivery-slot-rules';
import { formatPaise } from '../../../shared/money';
import { escapeHtml } from '../../http/escape-html';
import type { StoreIdentity } from '../../store-identity';
import type { OutgoingMail } from './mail-outbox';

export type MailOrder = {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  items: { name: string; quantity: number; pricePaise: number; isPreOrder: boolean }[];
  subtotalPaise: number;
  /** Issue 14: the coupon's discount, 0 without one. */
  discountPaise: number;
  couponCode: string | null;
  shippingPaise: number;
  totalPaise: number;
  shippingAddress: AddressForm;
  deliveryEstimate: DeliveryEstimate | null;
  /** Issue 13: the delivery day and slot chosen at checkout; null when none was. */
  deliveryChoice: DeliveryChoiceRecord | null;
};

/** 'Expected delivery: 2-4 Days to Bangalore (Express)', or null when nothing is known. */
function expectedDeliveryLine(estimate: DeliveryEstimate | null): string | null {
  if (!estimate) return null;
  const place = estimate.city ? ` to ${estimate.city}` : '';
  return `Expected delivery: ${estimate.days}${place}${estimate.fastDelivery ? ' (Express)' : ''}`;
}

/** Issue 13: 'Delivery on Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)', or null. */
export const deliveryChoiceLine = (choice: DeliveryChoiceRecord | null) =>
  choice ? `Delivery on ${deliveryChoiceText(choice)}` : null;

const addressLines = (address: AddressForm) => [
  address.fullName,
  address.address,
  `${cityAndState(address)} ${address.postalCode}`,
  `Phone: ${address.phone}`,
];

const orderLink = (store: StoreIdentity, order: MailOrder) =>
  store.publicUrl ? `${store.publicUrl.replace(/\/$/, '')}/order-confirmation/${order.id}` : null;

/** The order confirmation: order number, items, total in ₹ (en-IN), address and expected delivery. */
export function orderConfirmationMail(order: MailOrder, store: StoreIdentity): OutgoingMail {
  const itemLines = order.items.map(
    (item) =>
      `${item.quantity} x ${item.name}${item.isPreOrder ? ' (Pre-Order)' : ''}: ${formatPaise(item.pricePaise * item.quantity)}`,
  );
  // A chosen day says more than the estimate, so it replaces it.
  const delivery = deliveryChoiceLine(order.deliveryChoice) ?? expectedDeliveryLine(order.deliveryEstimate);
  const hasPreOrder = order.items.some((item) => item.isPreOrder);
  const preOrderNote = hasPreOrder
    ? 'Your order includes pre-order items; the expected delivery above allows for them.'
    : null;
  const link = orderLink(store, order);
  const shipping = order.shippingPaise === 0 ? 'Free' : formatPaise(order.shippingPaise);
  const discount =
    order.discountPaise > 0
      ? { label: `Coupon ${order.couponCode ?? ''}`.trim(), amount: `-${formatPaise(order.discountPaise)}` }
      : null;

  const text = [
    `Hello ${order.customerName},`,
    '',
    `Thank you for shopping with ${store.storeName}! Your payment was received and order ${order.orderNumber} is confirmed.`,
    '',
    'Items:',
    ...itemLines.map((line) => `  ${line}`),
    '',
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    ...(discount ? [`${discount.label}: ${discount.amount}`] : []),
    `Shipping: ${shipping}`,
    `Total: ${formatPaise(order.totalPaise)}`,
    '',
    'Delivering to:',
    ...addressLines(order.shippingAddress).map((line) => `  ${line}`),
    '',
    ...(delivery ? [delivery] : []),
    ...(preOrderNote ? [preOrderNote] : []),
    ...(link ? ['', `Follow your order: ${link}`] : []),
    '',
    `Questions? Write to ${store.supportEmail}.`,
    `${store.storeName}`,
  ].join('\n');

  const html = [
    `<p>Hello ${escapeHtml(order.customerName)},</p>`,
    `<p>Thank you for shopping with ${escapeHtml(store.storeName)}! Your payment was received and order <strong>${escapeHtml(order.orderNumber)}</strong> is confirmed.</p>`,
    '<table cellpadding="4" cellspacing="0" border="0">',
    ...order.items.map(
      (item) =>
        `<tr><td>${item.quantity} x ${escapeHtml(item.name)}${item.isPreOrder ? ' (Pre-Order)' : ''}</td><td align="right">${escapeHtml(formatPaise(item.pricePaise * item.quantity))}</td></tr>`,
    ),
    `<tr><td>Subtotal</td><td align="right">${escapeHtml(formatPaise(order.subtotalPaise))}</td></tr>`,
    ...(discount
      ? [
          `<tr><td>${escapeHtml(discount.label)}</td><td align="right">${escapeHtml(discount.amount)}</td></tr>`,
        ]
      : []),
    `<tr><td>Shipping</td><td align="right">${escapeHtml(shipping)}</td></tr>`,
    `<tr><td><strong>Total</strong></td><td align="right"><strong>${escapeHtml(formatPaise(order.totalPaise))}</strong></td></tr>`,
    '</table>',
    `<p>Delivering to:<br>${addressLines(order.shippingAddress).map(escapeHtml).join('<br>')}</p>`,
    ...(delivery ? [`<p>${escapeHtml(delivery)}</p>`] : []),
    ...(preOrderNote ? [`<p>${escapeHtml(preOrderNote)}</p>`] : []),
    ...(link ? [`<p><a href="${escapeHtml(link)}">Follow your order</a></p>`] : []),
    `<p>Questions? Write to <a href="mailto:${escapeHtml(store.supportEmail)}">${escapeHtml(store.supportEmail)}</a>.</p>`,
  ].join('\n');

  return {
    recipient: order.customerEmail,
    subject: `Order ${order.orderNumber} confirmed: ${formatPaise(order.totalPaise)}`,
    text,
    html,
    kind: 'order-confirmation',
    orderId: order.id,
  };
}

export type RefundReason = 'out_of_stock' | 'duplicate' | 'amount_mismatch';

/**
 * A refund the store made on its own: a payment that came after its order expired when the items
 * had sold out meanwhile, or a second payment for an order that was already paid.
 */
export function paymentRefundedMail(
  order: MailOrder,
  amountPaise: number,
  reason: RefundReason,
  store: StoreIdentity,
): OutgoingMail {
  const why = {
    out_of_stock: `We received your payment of ${formatPaise(amountPaise)} for order ${order.orderNumber} after the order had expired, and some of its items are no longer in stock.`,
    duplicate: `We received a second payment of ${formatPaise(amountPaise)} for order ${order.orderNumber}, which was already paid.`,
    amount_mismatch: `We received a payment of ${formatPaise(amountPaise)} for order ${order.orderNumber}, which does not match its total of ${formatPaise(order.totalPaise)}, so the order is not paid yet. You can pay the order again from My Orders while it is open.`,
  }[reason];
  const text = [
    `Hello ${order.customerName},`,
    '',
    why,
    `We have refunded ${formatPaise(amountPaise)} to your original payment method. Refunds usually reach your account in 5-7 working days.`,
    '',
    `We are sorry for the trouble. Questions? Write to ${store.supportEmail}.`,
    `${store.storeName}`,
  ].join('\n');
  return {
    recipient: order.customerEmail,
    subject: `Payment refunded for order ${order.orderNumber}`,
    text,
    html: text
      .split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
      .join('\n'),
    kind: 'payment-refunded',
    orderId: order.id,
  };
}

/** Issue 13: what the gift's recipient is told; amounts only when the shopper did not hide them. */
type GiftMail = { recipientEmail: string; message: string | null; hidePrices: boolean };

/** Issue 13: "A gift is on its way", to the recipient the shopper named, when the order is paid. */
export function giftOnItsWayMail(order: MailOrder, gift: GiftMail, store: StoreIdentity): OutgoingMail {
  const itemLines = order.items.map(
    (item) =>
      `${item.quantity} x ${item.name}${gift.hidePrices ? '' : `: ${formatPaise(item.pricePaise * item.quantity)}`}`,
  );
  const delivery = deliveryChoiceLine(order.deliveryChoice) ?? expectedDeliveryLine(order.deliveryEstimate);
  const intro = `${order.customerName} has sent you a gift from ${store.storeName} (order ${order.orderNumber}).`;
  const text = [
    `Hello ${order.shippingAddress.fullName},`,
    '',
    intro,
    ...(gift.message ? ['', 'Their message:', ...gift.message.split('\n').map((line) => `  ${line}`)] : []),
    '',
    'In the parcel:',
    ...itemLines.map((line) => `  ${line}`),
    '',
    ...(delivery ? [delivery, ''] : []),
    `Questions? Write to ${store.supportEmail}.`,
    `${store.storeName}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.shippingAddress.fullName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...(gift.message
      ? [`<blockquote>${escapeHtml(gift.message).replaceAll('\n', '<br>')}</blockquote>`]
      : []),
    `<p>In the parcel:<br>${itemLines.map(escapeHtml).join('<br>')}</p>`,
    ...(delivery ? [`<p>${escapeHtml(delivery)}</p>`] : []),
    `<p>Questions? Write to <a href="mailto:${escapeHtml(store.supportEmail)}">${escapeHtml(store.supportEmail)}</a>.</p>`,
  ].join('\n');
  return {
    recipient: gift.recipientEmail,
    subject: 'A gift is on its way',
    text,
    html,
    kind: 'gift-on-its-way',
    orderId: order.id,
  };
}
