import { orderPagePathOf } from '../../../shared/courier-events';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { mailStyles, renderMailHtml, WithBreaks } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

/**
 * Decision 0081: a gift link's recipient thanked its sender, to the sender's own e-mail: their
 * words, and the order page where the photo, if any, is shown. The recipient is never written to.
 */
export function giftThanksMail(
  thanks: {
    recipient: string;
    senderName: string;
    fromName: string;
    note: string;
    orderId: string;
    orderNumber: string;
  },
  store: StoreIdentity,
): OutgoingMail {
  const said = `${thanks.fromName} thanked you for your gift (order ${thanks.orderNumber}).`;
  const page = absoluteUrl(store, orderPagePathOf(thanks.orderId));
  const lines = thanks.note.split('\n');
  const text = [
    `Hello ${thanks.senderName},`,
    said,
    lines.map((line) => `  ${line}`).join('\n'),
    `See it on your order: ${page}`,
  ].join('\n\n');
  const html = renderMailHtml(
    {
      store,
      preview: said,
      heading: 'A thank-you for your gift',
      action: { label: 'See your order', href: page },
    },
    <>
      <p style={mailStyles.text}>Hello {thanks.senderName},</p>
      <p style={mailStyles.text}>{said}</p>
      <p style={mailStyles.quote}>
        <WithBreaks lines={lines} />
      </p>
    </>,
  );
  return {
    recipient: thanks.recipient,
    subject: said,
    text,
    html,
    kind: 'gift-thanks',
    orderId: thanks.orderId,
  };
}
