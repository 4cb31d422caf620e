import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { mailStyles, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

/**
 * Decision 0081: the gift link a sender paid for, to the e-mail they gave: who sent it, and where
 * to say where and when to deliver it. Transactional: no offers, nothing else to this address.
 */
export function giftLinkMail(
  gift: { recipient: string; recipientName: string; senderName: string; link: string; until: string },
  store: StoreIdentity,
): OutgoingMail {
  const sent = `${gift.senderName} has sent you a gift from ${store.storeName}.`;
  const why = `You get this because ${gift.senderName} gave this address for the gift. ${store.storeName} sends it nothing else: no offers, ever.`;
  const text = [
    `Hello ${gift.recipientName},`,
    sent,
    `Tell us where and when to deliver it (the link works until ${gift.until}):`,
    gift.link,
    why,
  ].join('\n\n');
  const html = renderMailHtml(
    {
      store,
      preview: sent,
      heading: `${gift.senderName} sent you a gift`,
      action: { label: 'Choose where and when', href: gift.link },
    },
    <>
      <p style={mailStyles.text}>Hello {gift.recipientName},</p>
      <p style={mailStyles.text}>{sent}</p>
      <p style={mailStyles.small}>The link works until {gift.until}.</p>
      <p style={mailStyles.small}>{why}</p>
    </>,
  );
  return { recipient: gift.recipient, subject: sent, text, html, kind: 'gift-link' };
}

const giftLinks = (count: number) => `${count} gift ${count === 1 ? 'link' : 'links'}`;

/**
 * Decision 0090: the buyer of gift links to a list hears once, after its one payment: how many
 * links went out, how many could not (a recipient's gift sold out meanwhile, its share refunded, or
 * a number that asked for no messages) and where each recipient's order is.
 */
export function giftBatchMail(
  batch: { recipient: string; buyerName: string; sent: number; notSent: number },
  store: StoreIdentity,
): OutgoingMail {
  const orders = absoluteUrl(store, '/orders');
  const subject = `${giftLinks(batch.sent)} sent${batch.notSent > 0 ? `, ${batch.notSent} not sent` : ''}`;
  const sent = `Thank you for your payment. We sent ${giftLinks(batch.sent)}: each recipient chooses where and when their gift arrives.`;
  const notSent =
    batch.notSent > 0
      ? `${giftLinks(batch.notSent)} could not be sent: the gift sold out meanwhile (that share is refunded to you), or we could not message the recipient's number (give another on that order's page).`
      : null;
  const where = "Each recipient's order, with its link's state, is in My Orders:";
  const text = [`Hello ${batch.buyerName},`, sent, ...(notSent ? [notSent] : []), where, orders].join('\n\n');
  const html = renderMailHtml(
    {
      store,
      preview: subject,
      heading: 'Your gift links',
      action: { label: 'View My Orders', href: orders },
    },
    <>
      <p style={mailStyles.text}>Hello {batch.buyerName},</p>
      <p style={mailStyles.text}>{sent}</p>
      {notSent && <p style={mailStyles.text}>{notSent}</p>}
      <p style={mailStyles.small}>{where}</p>
    </>,
  );
  return { recipient: batch.recipient, subject, text, html, kind: 'gift-batch' };
}
