import { orderStatusLabel } from '../../../shared/order-status';
import type { OutgoingMail } from '../mail/mail-outbox';
import type { StoreIdentity } from '../mail/order-mails';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The e-mail queued when the back office moves an order to a new status. */
export function orderStatusMail(
  order: { id: string; orderNumber: string; customerName: string; customerEmail: string },
  status: string,
  note: string,
  store: StoreIdentity,
): OutgoingMail {
  const label = orderStatusLabel(status);
  const link = store.publicUrl ? `${store.publicUrl.replace(/\/$/, '')}/orders` : null;
  const text = [
    `Hello ${order.customerName},`,
    '',
    `Your order ${order.orderNumber} is now: ${label}.`,
    ...(note ? ['', note] : []),
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
