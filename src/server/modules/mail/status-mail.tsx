import { orderPagePathOf, trackPathOf } from '../../../shared/courier-events';
import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { orderStatusLabel } from '../../../shared/order-status';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { Paragraphs, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';
import { deliveryChoiceLine, orderLink } from './order-mails';

/** What a return took back: named in the mail, so a partial return does not read as the order's. */
export type ReturnedItems = {
  items: { name: string; quantity: number }[];
  /** Every unit of the order is back now; otherwise the customer keeps the rest. */
  wholeOrder: boolean;
};

const itemList = (items: ReturnedItems['items']) =>
  items.map((item) => `${item.quantity} x ${item.name}`).join(', ');

/** The e-mail queued when the back office moves an order to a new status. */
export function orderStatusMail(
  order: {
    id: string;
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    /** Repeated while the parcel is on its way, so the shopper knows when to be home. */
    deliveryChoice?: DeliveryChoiceRecord | null;
    /** With status 'returned': the items this return took back. */
    returned?: ReturnedItems | null;
  },
  status: string,
  note: string,
  store: StoreIdentity,
): OutgoingMail {
  const label = orderStatusLabel(status);
  const onItsWay = !['delivered', 'returned', 'cancelled'].includes(status);
  const delivery = onItsWay ? deliveryChoiceLine(order.deliveryChoice ?? null) : null;
  // "Your order is now: Returned" would tell a customer who sent back one item of three that the
  // whole order went back; say which items did and that the rest stays theirs.
  // Decision 0066: a return approved before its items are back names them too (the order is
  // still delivered; its status line would say nothing of the return).
  const partial =
    order.returned && (status !== 'returned' || !order.returned.wholeOrder) ? order.returned : null;
  const headline = partial
    ? `We have accepted the return of ${itemList(partial.items)} from your order ${order.orderNumber}.${partial.wholeOrder ? '' : ' The rest of the order stays with you.'}`
    : `Your order ${order.orderNumber} is now: ${label}.`;
  const link = absoluteUrl(store, '/orders');
  // Every mail about the parcel links its tracking page; a failed delivery links the order's page,
  // where the shopper picks a new attempt date or corrects the address.
  const track = partial
    ? null
    : status === 'shipped' || status === 'out_for_delivery' || status === 'delivered'
      ? `Track your parcel: ${absoluteUrl(store, trackPathOf(order.orderNumber))}`
      : status === 'failed_delivery'
        ? `Choose a new delivery date or correct the address and phone: ${absoluteUrl(store, orderPagePathOf(order.id))}`
        : null;
  const text = [
    `Hello ${order.customerName},`,
    '',
    headline,
    ...(note ? ['', note] : []),
    ...(delivery ? ['', delivery] : []),
    ...(track ? ['', track] : []),
    '',
    `See your orders: ${link}`,
    '',
    `Questions? Write to ${store.supportEmail}.`,
    store.storeName,
  ].join('\n');
  const heading = partial
    ? `Return accepted for order ${order.orderNumber}`
    : `Order ${order.orderNumber}: ${label}`;
  return {
    recipient: order.customerEmail,
    subject: partial ? `Order ${order.orderNumber}: Return accepted` : `Order ${order.orderNumber}: ${label}`,
    text,
    html: renderMailHtml(
      {
        store,
        preview: headline,
        heading,
        action: { label: 'View your order', href: orderLink(store, order.id) },
      },
      // The text's own paragraphs, less the link line the button replaces.
      <Paragraphs text={text.replace(`\n\nSee your orders: ${link}`, '')} />,
    ),
    kind: 'order-status',
    orderId: order.id,
  };
}
