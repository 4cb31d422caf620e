import { BRAND_COLOUR } from '../../../shared/brand';
import type { StoreIdentity } from '../../store-identity';
import { mailStyles, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

/** The one reminder of a checkout left unpaid, with the link that fills the cart again. */
export function cartReminderMail(
  reminder: {
    /** Null for a cart recorded at checkout that made no order. */
    orderId: string | null;
    customerName: string;
    customerEmail: string;
    /** Absolute, as every mail link is. */
    restoreLink: string;
    optOutLink: string;
  },
  store: StoreIdentity,
): OutgoingMail {
  const greeting = `Hello ${reminder.customerName},`;
  const waiting = 'The gifts you chose are still waiting for you.';
  const stop = 'No more reminders like this one';
  const text = [
    greeting,
    '',
    `${waiting} Pick up where you left off:`,
    reminder.restoreLink,
    '',
    `${stop}: ${reminder.optOutLink}`,
    store.storeName,
  ].join('\n');
  const html = renderMailHtml(
    {
      store,
      preview: waiting,
      heading: 'Your cart is waiting',
      action: { label: 'Pick up where you left off', href: reminder.restoreLink },
    },
    <>
      <p style={mailStyles.text}>{greeting}</p>
      <p style={mailStyles.text}>{waiting}</p>
      <p style={mailStyles.small}>
        <a href={reminder.optOutLink} style={{ color: BRAND_COLOUR }}>
          {stop}
        </a>
      </p>
    </>,
  );
  return {
    recipient: reminder.customerEmail,
    subject: `Your cart at ${store.storeName} is waiting`,
    text,
    html,
    kind: 'cart-reminder',
    orderId: reminder.orderId,
  };
}
