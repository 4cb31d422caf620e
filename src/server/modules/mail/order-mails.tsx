import type { ReactNode } from 'react';
import { type AddressForm, cityAndState } from '../../../shared/address';
import type { DeliveryEstimate } from '../../../shared/api/orders';
import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery';
import { orderPagePathOf } from '../../../shared/courier-events';
import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { chosenDayPromise, deliveryPromise } from '../../../shared/delivery-promise';
import { formatPaise } from '../../../shared/money';
import { feeAmountText } from '../../../shared/order-charges';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { mailStyles, Paragraphs, renderMailHtml, WithBreaks } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

export type MailOrder = {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  items: { name: string; quantity: number; pricePaise: number; isPreOrder: boolean }[];
  subtotalPaise: number;
  /** Decision 0080: each line's quantity tier, taken off before the coupon. */
  quantityDiscounts: { label: string; paise: number }[];
  /** The coupon's discount, 0 without one. */
  discountPaise: number;
  couponCode: string | null;
  /** Decision 0072: the order's fees (shipping, a slot, cash on delivery), each on its own line. */
  fees: { label: string; paise: number }[];
  totalPaise: number;
  shippingAddress: AddressForm;
  /**
   * Decision 0081: for a gift sent by link, its recipient's name; its sender's mails never carry
   * the address (which the recipient gives later). Absent for any other order.
   */
  giftLinkRecipient?: string | null;
  deliveryEstimate: DeliveryEstimate | null;
  /** When the order was placed: its delivery promise counts from that day (decision 0068). */
  placedAt: Date;
  /** The delivery day and slot chosen at checkout; null when none was. */
  deliveryChoice: DeliveryChoiceRecord | null;
  /** Decision 0042: paid in cash at the door rather than online. */
  cashOnDelivery: boolean;
};

/** 'Delivery on Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)', or null. */
export const deliveryChoiceLine = (choice: DeliveryChoiceRecord | null) =>
  choice ? chosenDayPromise(choice) : null;

/** Decision 0068: the order's one delivery promise, as My Orders and the order's page say it. */
const promiseOf = (order: MailOrder) =>
  deliveryPromise({
    createdAt: order.placedAt,
    delivery: order.deliveryChoice,
    deliveryEstimate: order.deliveryEstimate,
    hasPreOrder: order.items.some((item) => item.isPreOrder),
  });

const deliveringTo = (order: Pick<MailOrder, 'shippingAddress' | 'giftLinkRecipient'>) =>
  order.giftLinkRecipient
    ? [`${order.giftLinkRecipient}, by your gift link: they give the address`]
    : addressLines(order.shippingAddress);

const addressLines = (address: AddressForm) => [
  address.fullName,
  address.address,
  `${cityAndState(address)} ${address.postalCode}`,
  `Phone: ${address.phone}`,
];

/** The order's own page, always absolute (a mail client cannot open a bare path). */
export const orderLink = (store: StoreIdentity, orderId: string) =>
  absoluteUrl(store, orderPagePathOf(orderId));

/** A table row of a mail: what on the left, the amount on the right. */
export function AmountRow({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) {
  const weight = strong ? { fontWeight: 700 } : {};
  return (
    <tr>
      <td style={{ ...mailStyles.cell, ...weight }}>{label}</td>
      <td align="right" style={{ ...mailStyles.amount, ...weight }}>
        {amount}
      </td>
    </tr>
  );
}

export function AmountTable({ children }: { children: ReactNode }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

export function Lines({ lines, heading }: { lines: readonly string[]; heading?: string }) {
  return (
    <p style={mailStyles.text}>
      {heading ? (
        <>
          <strong>{heading}</strong>
          <br />
        </>
      ) : null}
      <WithBreaks lines={lines} />
    </p>
  );
}

/**
 * The order confirmation: order number, items, total in ₹ (en-IN), address and expected delivery.
 * Decision 0064: a cash on delivery order waiting for the customer's YES is placed, not confirmed.
 */
export function orderConfirmationMail(
  order: MailOrder,
  store: StoreIdentity,
  { awaitingYes = false }: { awaitingYes?: boolean } = {},
): OutgoingMail {
  const itemLines = order.items.map(
    (item) =>
      `${item.quantity} x ${item.name}${item.isPreOrder ? ' (Pre-Order)' : ''}: ${formatPaise(item.pricePaise * item.quantity)}`,
  );
  const delivery = promiseOf(order);
  const hasPreOrder = order.items.some((item) => item.isPreOrder);
  const preOrderNote = hasPreOrder
    ? 'Your order includes pre-order items; the expected delivery above allows for them.'
    : null;
  const link = orderLink(store, order.id);
  const fees = order.fees.map((fee) => ({ label: fee.label, amount: feeAmountText(fee.paise) }));
  const discount =
    order.discountPaise > 0
      ? { label: `Coupon ${order.couponCode ?? ''}`.trim(), amount: `-${formatPaise(order.discountPaise)}` }
      : null;
  const savings = order.quantityDiscounts.map((saving) => ({
    label: saving.label,
    amount: `-${formatPaise(saving.paise)}`,
  }));

  // Decision 0042: a cash on delivery order is confirmed before anything is paid.
  const cod = order.cashOnDelivery;
  const toKeepReady = `Please keep ${formatPaise(order.totalPaise)} ready: you pay in cash when it is delivered (cash on delivery).`;
  const codState = awaitingYes
    ? `Order ${order.orderNumber} is waiting for your YES. ${COD_CONFIRM_MESSAGES.placedAwaiting}`
    : `Order ${order.orderNumber} is confirmed.`;
  const state = awaitingYes ? 'is waiting for your YES' : 'is confirmed';
  const text = [
    `Hello ${order.customerName},`,
    '',
    cod
      ? `Thank you for shopping with ${store.storeName}! ${codState} ${toKeepReady}`
      : `Thank you for shopping with ${store.storeName}! Your payment was received and order ${order.orderNumber} is confirmed.`,
    '',
    'Items:',
    ...itemLines.map((line) => `  ${line}`),
    '',
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    ...savings.map((saving) => `${saving.label}: ${saving.amount}`),
    ...(discount ? [`${discount.label}: ${discount.amount}`] : []),
    ...fees.map((fee) => `${fee.label}: ${fee.amount}`),
    `Total: ${formatPaise(order.totalPaise)}`,
    '',
    'Delivering to:',
    ...deliveringTo(order).map((line) => `  ${line}`),
    '',
    ...(delivery ? [delivery] : []),
    ...(preOrderNote ? [preOrderNote] : []),
    '',
    `Follow your order: ${link}`,
    '',
    `Questions? Write to ${store.supportEmail}.`,
    `${store.storeName}`,
  ].join('\n');
  const html = renderMailHtml(
    {
      store,
      preview: `Order ${order.orderNumber} ${state}: ${formatPaise(order.totalPaise)}`,
      heading: `Order ${order.orderNumber} ${state}`,
      action: { label: 'View your order', href: link },
    },
    <>
      <p style={mailStyles.text}>Hello {order.customerName},</p>
      {cod ? (
        <p style={mailStyles.text}>
          Thank you for shopping with {store.storeName}! {codState} {toKeepReady}
        </p>
      ) : (
        <p style={mailStyles.text}>
          Thank you for shopping with {store.storeName}! Your payment was received and order{' '}
          <strong>{order.orderNumber}</strong> is confirmed.
        </p>
      )}
      <AmountTable>
        {order.items.map((item, index) => (
          <AmountRow
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
            key={index}
            label={`${item.quantity} x ${item.name}${item.isPreOrder ? ' (Pre-Order)' : ''}`}
            amount={formatPaise(item.pricePaise * item.quantity)}
          />
        ))}
        <tr>
          <td colSpan={2} style={mailStyles.rule} />
        </tr>
        <AmountRow label="Subtotal" amount={formatPaise(order.subtotalPaise)} />
        {savings.map((saving) => (
          <AmountRow key={saving.label} label={saving.label} amount={saving.amount} />
        ))}
        {discount ? <AmountRow label={discount.label} amount={discount.amount} /> : null}
        {fees.map((fee) => (
          <AmountRow key={fee.label} label={fee.label} amount={fee.amount} />
        ))}
        <AmountRow label="Total" amount={formatPaise(order.totalPaise)} strong />
      </AmountTable>
      <Lines heading="Delivering to:" lines={deliveringTo(order)} />
      {delivery ? <p style={mailStyles.text}>{delivery}</p> : null}
      {preOrderNote ? <p style={mailStyles.text}>{preOrderNote}</p> : null}
    </>,
  );
  return {
    recipient: order.customerEmail,
    subject: awaitingYes
      ? `Order ${order.orderNumber}: reply YES to confirm, ${formatPaise(order.totalPaise)}`
      : `Order ${order.orderNumber} confirmed: ${formatPaise(order.totalPaise)}`,
    text,
    html,
    kind: 'order-confirmation',
    orderId: order.id,
  };
}

export type RefundReason = 'out_of_stock' | 'duplicate' | 'amount_mismatch' | 'address_change_lapsed';

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
    // Decision 0085: the order's timeline says which change and why it was not made.
    address_change_lapsed: `We received your payment of ${formatPaise(amountPaise)} for a change of delivery address on order ${order.orderNumber}, but the change could no longer be made, so the address and delivery stay as they were.`,
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
    html: renderMailHtml(
      {
        store,
        preview: `We have refunded ${formatPaise(amountPaise)}`,
        heading: `Payment refunded for order ${order.orderNumber}`,
        action: { label: 'View your order', href: orderLink(store, order.id) },
      },
      <Paragraphs text={text} />,
    ),
    kind: 'payment-refunded',
    orderId: order.id,
  };
}

/** Decision 0064: the refund of a prepaid parcel that came back undelivered, once checked in. */
export function undeliveredRefundMail(
  order: MailOrder,
  amountPaise: number,
  deductionPaise: number,
  store: StoreIdentity,
): OutgoingMail {
  const less =
    deductionPaise > 0
      ? ` This is what you paid less ${formatPaise(deductionPaise)} for the return freight, as our shipping policy states.`
      : '';
  const text = [
    `Hello ${order.customerName},`,
    '',
    `Your parcel for order ${order.orderNumber} came back to us undelivered, and we have checked it in.`,
    `We have refunded ${formatPaise(amountPaise)} to your original payment method.${less} Refunds usually reach your account in 5-7 working days.`,
    '',
    `Questions? Write to ${store.supportEmail}.`,
    `${store.storeName}`,
  ].join('\n');
  return {
    recipient: order.customerEmail,
    subject: `Refund for order ${order.orderNumber}`,
    text,
    html: renderMailHtml(
      {
        store,
        preview: `We have refunded ${formatPaise(amountPaise)}`,
        heading: `Refund for order ${order.orderNumber}`,
        action: { label: 'View your order', href: orderLink(store, order.id) },
      },
      <Paragraphs text={text} />,
    ),
    kind: 'payment-refunded',
    orderId: order.id,
  };
}

/** What the gift's recipient is told; amounts only when the shopper did not hide them. */
type GiftMail = { recipientEmail: string; message: string | null; hidePrices: boolean };

/** "A gift is on its way", to the recipient the shopper named, when the order is paid. */
export function giftOnItsWayMail(order: MailOrder, gift: GiftMail, store: StoreIdentity): OutgoingMail {
  const itemLines = order.items.map(
    (item) =>
      `${item.quantity} x ${item.name}${gift.hidePrices ? '' : `: ${formatPaise(item.pricePaise * item.quantity)}`}`,
  );
  const delivery = promiseOf(order);
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
  // The recipient has no account and no order page of theirs, so the button opens the store.
  const html = renderMailHtml(
    {
      store,
      preview: intro,
      heading: 'A gift is on its way',
      action: { label: `Visit ${store.storeName}`, href: absoluteUrl(store, '/') },
    },
    <>
      <p style={mailStyles.text}>Hello {order.shippingAddress.fullName},</p>
      <p style={mailStyles.text}>{intro}</p>
      {gift.message ? (
        <p style={mailStyles.quote}>
          <WithBreaks lines={gift.message.split('\n')} />
        </p>
      ) : null}
      <Lines heading="In the parcel:" lines={itemLines} />
      {delivery ? <p style={mailStyles.text}>{delivery}</p> : null}
    </>,
  );
  return {
    recipient: gift.recipientEmail,
    subject: 'A gift is on its way',
    text,
    html,
    kind: 'gift-on-its-way',
    orderId: order.id,
  };
}
