import type { StoreIdentity } from '../../store-identity';
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
