import { cityAndState } from '../../../shared/address';
import { type Quote, quoteLinePrice } from '../../../shared/api/quotes';
import { INDIA_TIME_ZONE } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import type { StoreIdentity } from '../../store-identity';
import type { OutgoingMail } from './mail-outbox';

const payBy = (expiresAt: string) =>
  new Date(expiresAt).toLocaleString('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Issue 13: the customer's quote with its tiered prices and the link that pays it. */
export function quoteMail(quote: Quote, customerName: string, store: StoreIdentity): OutgoingMail {
  const link = store.publicUrl ? `${store.publicUrl.replace(/\/$/, '')}${quote.path}` : null;
  const lines = quote.lines.map(
    (line) =>
      `  ${line.name}${line.isPreOrder ? ' (Pre-Order)' : ''}: ${quoteLinePrice(line)} = ${formatInr(line.lineTotal)}`,
  );
  const text = [
    `Hello ${customerName},`,
    '',
    `Thank you for your bulk order enquiry. Here is your quote ${quote.orderNumber} from ${store.storeName}.`,
    '',
    'Items:',
    ...lines,
    '',
    `Subtotal: ${formatInr(quote.subtotal)}`,
    `Shipping: ${quote.shippingCost === 0 ? 'Free' : formatInr(quote.shippingCost)}`,
    `Total: ${formatInr(quote.total)}`,
    '',
    'Delivering to:',
    `  ${quote.shippingAddress.fullName}`,
    `  ${quote.shippingAddress.address}`,
    `  ${cityAndState(quote.shippingAddress)} ${quote.shippingAddress.postalCode}`,
    '',
    ...(quote.expiresAt ? [`The items are held for you until ${payBy(quote.expiresAt)}.`] : []),
    link
      ? `Review and pay your quote here (sign in with this e-mail address): ${link}`
      : `Sign in to our store with this e-mail address and open ${quote.path} to review and pay your quote.`,
    '',
    `Questions? Write to ${store.supportEmail}.`,
  ].join('\n');
  return {
    recipient: quote.customerEmail,
    subject: `Your quote ${quote.orderNumber} from ${store.storeName}: ${formatInr(quote.total)}`,
    text,
    kind: 'quote',
    orderId: quote.orderId,
  };
}
