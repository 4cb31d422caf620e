import { cityAndState } from '../../../shared/address';
import { type Quote, quoteLinePrice } from '../../../shared/api/quotes';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { mailStyles, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';
import { AmountRow, AmountTable, Lines } from './order-mails';

const payBy = (expiresAt: string) => formatIndiaDateTime(expiresAt);

/**
 * The customer's quote with its tiered (or agreed) prices and the link that pays it.
 * `accessKey` is the link's secret, which opens the quote before the customer has an account.
 */
export function quoteMail(
  quote: Quote,
  customerName: string,
  store: StoreIdentity,
  accessKey?: string,
): OutgoingMail {
  const link = absoluteUrl(store, accessKey ? `${quote.path}?key=${accessKey}` : quote.path);
  const lines = quote.lines.map(
    (line) =>
      `  ${line.name}${line.isPreOrder ? ' (Pre-Order)' : ''}: ${quoteLinePrice(line)} = ${formatInr(line.lineTotal)}`,
  );
  const shipping = quote.shippingCost === 0 ? 'Free' : formatInr(quote.shippingCost);
  const address = [
    quote.shippingAddress.fullName,
    quote.shippingAddress.address,
    `${cityAndState(quote.shippingAddress)} ${quote.shippingAddress.postalCode}`,
  ];
  const buyer = quote.buyerGstin
    ? `Billed to: ${[quote.buyerLegalName, `GSTIN ${quote.buyerGstin}`].filter(Boolean).join(', ')}`
    : null;
  const heldUntil = quote.expiresAt ? `The items are held for you until ${payBy(quote.expiresAt)}.` : null;
  const signIn = 'To pay, sign in or register with this e-mail address.';
  const intro = `Thank you for your bulk order enquiry. Here is your quote ${quote.orderNumber} from ${store.storeName}.`;
  const text = [
    `Hello ${customerName},`,
    '',
    intro,
    '',
    'Items:',
    ...lines,
    '',
    `Subtotal: ${formatInr(quote.subtotal)}`,
    `Shipping: ${shipping}`,
    `Total: ${formatInr(quote.total)}`,
    '',
    'Delivering to:',
    ...address.map((line) => `  ${line}`),
    ...(buyer ? ['', buyer] : []),
    '',
    ...(heldUntil ? [heldUntil] : []),
    `Review your quote here: ${link}`,
    signIn,
    '',
    `Questions? Write to ${store.supportEmail}.`,
  ].join('\n');
  const html = renderMailHtml(
    {
      store,
      preview: `Your quote ${quote.orderNumber}: ${formatInr(quote.total)}`,
      heading: `Your quote ${quote.orderNumber}`,
      action: { label: 'Review and pay your quote', href: link },
    },
    <>
      <p style={mailStyles.text}>Hello {customerName},</p>
      <p style={mailStyles.text}>{intro}</p>
      <AmountTable>
        {quote.lines.map((line) => (
          <AmountRow
            key={line.productId}
            label={`${line.name}${line.isPreOrder ? ' (Pre-Order)' : ''}: ${quoteLinePrice(line)}`}
            amount={formatInr(line.lineTotal)}
          />
        ))}
        <tr>
          <td colSpan={2} style={mailStyles.rule} />
        </tr>
        <AmountRow label="Subtotal" amount={formatInr(quote.subtotal)} />
        <AmountRow label="Shipping" amount={shipping} />
        <AmountRow label="Total" amount={formatInr(quote.total)} strong />
      </AmountTable>
      <Lines heading="Delivering to:" lines={address} />
      {buyer ? <p style={mailStyles.text}>{buyer}</p> : null}
      {heldUntil ? <p style={mailStyles.text}>{heldUntil}</p> : null}
      <p style={mailStyles.text}>{signIn}</p>
    </>,
  );
  return {
    recipient: quote.customerEmail ?? '',
    subject: `Your quote ${quote.orderNumber} from ${store.storeName}: ${formatInr(quote.total)}`,
    text,
    html,
    kind: 'quote',
    orderId: quote.orderId,
  };
}
