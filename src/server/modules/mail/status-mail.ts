import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { orderStatusLabel } from '../../../shared/order-status';
import { escapeHtml } from '../../http/escape-html';
import type { StoreIdentity } from '../../store-identity';
import type { OutgoingMail } from './mail-outbox';
import { deliveryChoiceLine } from './order-mails';

/** The e-mail queued when the back office moves an order to a new status. */
export function orderStatusMail(
  order: {
    id: string;
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    /** Issue 13: repeated while the parcel is on its way, so the shopper knows when to be home. */
    deliveryChoice?: DeliveryChoiceRecord | null;
  },
  status: string,
  note: string,
  store: StoreIdentity,
): OutgoingMail {
  const label = orderStatusLabel(status);
  const onItsWay = !['delivered', 'returned', 'cancelled'].includes(status);
  const delivery = onItsWay ? deliveryChoiceLine(order.deliveryChoice ?? null) : null;
  const link = store.publicUrl ? `${store.publicUrl.replace(/\/$/, '')}/orders` : null;
  // Issue 23: the shipped mail carries the parcel's tracking page.
  const track =
    status === 'shipped'
      ? `Track your parcel: ${store.publicUrl ?? ''}/track?orderNumber=${encodeURIComponent(order.orderNumber)}`
      : null;
  const text = [
    `Hello ${order.customerName},`,
    '',
    `Your order ${order.orderNumber} is now: ${label}.`,
    ...(note ? ['', note] : []),
    ...(delivery ? ['', delivery] : []),
    ...(track ? ['', track] : []),
    ...(link ? ['', `See your orders: ${link}`] : []),
    '',
    `Questions? Write to ${store.supportEmail}.`,
    store.storeName,
  ].join('\n');
  return {
    recipient: order.customerEmail,
    subject: `Order ${order.orderNumber}: ${label}`,
    text,
    html: text
      .split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`)
      .join('\n'),
    kind: 'order-status',
    orderId: order.id,
  };
}
