import { escapeHtml } from '../../http/escape-html';
import type { StoreIdentity } from '../../store-identity';
import type { OutgoingMail } from './mail-outbox';

/** Issue 23: the one reminder of a checkout left unpaid, with the link that fills the cart again. */
export function cartReminderMail(
  reminder: {
    /** Null for a cart recorded at checkout that made no order. */
    orderId: string | null;
    customerName: string;
    customerEmail: string;
    restoreLink: string;
    optOutLink: string;
  },
  store: StoreIdentity,
): OutgoingMail {
  const text = [
    `Hello ${reminder.customerName},`,
    '',
    'The gifts you chose are still waiting for you. Pick up where you left off:',
    reminder.restoreLink,
    '',
    `No more reminders like this one: ${reminder.optOutLink}`,
    store.storeName,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(reminder.customerName)},</p>`,
    '<p>The gifts you chose are still waiting for you.</p>',
    `<p><a href="${escapeHtml(reminder.restoreLink)}">Pick up where you left off</a></p>`,
    `<p style="font-size:12px"><a href="${escapeHtml(reminder.optOutLink)}">No more reminders like this one</a></p>`,
  ].join('\n');
  return {
    recipient: reminder.customerEmail,
    subject: `Your cart at ${store.storeName} is waiting`,
    text,
    html,
    kind: 'cart-reminder',
    orderId: reminder.orderId,
  };
}
