import { orderPagePathOf, trackPathOf } from '../../../shared/courier-events';
import { type ChosenWindow, chosenSlotText, type DELIVERY_SLOTS } from '../../../shared/delivery-slot-rules';
import { giftLinkPathOf } from '../../../shared/gift-links';
import { groupGiftNews } from '../../../shared/group-gifts';
import { indiaDateOf } from '../../../shared/india-time';
import { formatPaise } from '../../../shared/money';
import { CART_RESTORE_PARAM, OPT_OUT_PATH, type OrderNotice } from '../../../shared/notifications';
import { refundDetailsPathOf } from '../../../shared/refund-payee';
import type { StoreIdentity } from '../../store-identity';

/** What a message says of its order; read when it is sent. */
export type NoticeOrder = {
  orderId: string;
  orderNumber: string;
  totalPaise: number;
  /** The shopper's name (their account's, else the delivery address's). */
  shopperName: string;
  /** Who the parcel goes to (the delivery address's name). */
  recipientName: string;
  /**
   * Decision 0068: the order's one delivery promise, as its pages and mails say it ('Delivery on
   * Mon, 23 Nov · Fixed time (3 PM - 5 PM)', decision 0073).
   */
  promise: string;
  /**
   * The slot chosen at checkout for today, as the promise words it ('Fixed time (3 PM - 5 PM)');
   * null when none was, or it was for another day. The out-for-delivery message names it, so the
   * recipient knows when to be home (slotForToday).
   */
  slot: string | null;
};

/**
 * The chosen slot's words when the chosen day is today in India, else null: a parcel out on
 * another day (a new attempt after a failed one, a late courier) keeps no window the store can
 * promise, so the message names none (decision 0073).
 */
export const slotForToday = (
  delivery: { date: string; slot: keyof typeof DELIVERY_SLOTS; window?: ChosenWindow | null } | null,
  now: Date,
): string | null => (delivery && delivery.date === indiaDateOf(now) ? chosenSlotText(delivery) : null);

export type MessageText = { template: string; params: string[]; text: string };

/** An absolute link when the store knows its address (PUBLIC_URL), else the path on the site. */
export const linkTo = (store: StoreIdentity, path: string) => `${store.publicUrl ?? ''}${path}`;

// Decision 0054: a name in a message's parameters is letters (any script) in at most four words,
// joined by spaces, apostrophes, hyphens, or a dot after an initial; nothing that reads as a link,
// a number or a sentence. Anything else is replaced by the store's own word.
const MESSAGE_NAME = /^\p{L}[\p{L}\p{M}'’-]*\.?(?: \p{L}[\p{L}\p{M}'’-]*\.?){0,3}$/u;
export const MESSAGE_NAME_MAX = 30;

/** A shopper's name as a message may carry it: checked, cut to its first 30 characters, else `fallback`. */
export function messageName(name: string | null | undefined, fallback: string): string {
  const spaced = (name ?? '').trim().replace(/\s+/g, ' ');
  if (!MESSAGE_NAME.test(spaced)) return fallback;
  if (spaced.length <= MESSAGE_NAME_MAX) return spaced;
  // Cut at a word's end, so no half-word is left hanging.
  const cut = spaced.slice(0, MESSAGE_NAME_MAX + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > 0 ? cut.slice(0, lastSpace) : fallback;
}

/** The names a message may carry, each checked (messageName), with the store's word in their place. */
const namesOf = (order: NoticeOrder) => ({
  shopper: messageName(order.shopperName, 'there'),
  // A gift's recipient reads who sent it: "a friend has sent you a gift".
  sender: messageName(order.shopperName, 'a friend'),
  recipient: messageName(order.recipientName, 'there'),
});

/**
 * The words of each message, with its template's parameters in order (the WhatsApp
 * template and the SMS DLT template registered for `template` carry the same words around them).
 * A gift's recipient is never told a price. Every message ends with how to stop them.
 */
export function messageFor(
  notice: Exclude<OrderNotice, 'cart_reminder' | 'back_in_stock'>,
  order: NoticeOrder,
  details: Record<string, string | number>,
  links: { optOut: string },
  store: StoreIdentity,
): MessageText {
  const names = namesOf(order);
  const number = order.orderNumber;
  // Every message about the parcel links to its tracking page (which a gift's recipient may use).
  const track = linkTo(store, trackPathOf(number));
  const { params, text } = ((): { params: string[]; text: string } => {
    switch (notice) {
      case 'order_placed': {
        const total = formatPaise(order.totalPaise);
        return {
          params: [names.shopper, number, total, order.promise],
          text: `Hi ${names.shopper}, your order ${number} of ${total} is placed and paid. ${order.promise}. We will tell you when it ships.`,
        };
      }
      case 'order_placed_cod': {
        const toPay = formatPaise(order.totalPaise);
        const page = linkTo(store, orderPagePathOf(order.orderId));
        return {
          params: [names.shopper, number, toPay, page, order.promise],
          text: `Hi ${names.shopper}, your order ${number} is confirmed. ${order.promise}. Please keep ${toPay} ready to pay in cash on delivery. Your order: ${page}`,
        };
      }
      case 'cod_confirm': {
        const toPay = formatPaise(order.totalPaise);
        const hours = String(details.hours ?? 24);
        return {
          params: [names.shopper, number, toPay, hours],
          text: `Hi ${names.shopper}, please reply YES to confirm your cash on delivery order ${number} of ${toPay}. We ship it once you confirm; without a reply it is cancelled in ${hours} hours.`,
        };
      }
      case 'order_shipped':
        return {
          params: [number, order.promise, track],
          text: `Your order ${number} has shipped. ${order.promise}. Track it here: ${track}`,
        };
      case 'out_for_delivery': {
        const when = order.slot ? `today: ${order.slot}` : 'today';
        return {
          params: [number, when, track],
          text: `Your order ${number} is out for delivery ${when}. Track it here: ${track}`,
        };
      }
      case 'order_delivered':
        return {
          params: [number, store.storeName, track],
          text: `Your order ${number} has been delivered. Thank you for shopping with ${store.storeName}. Its journey: ${track}`,
        };
      case 'delivery_failed': {
        // The order's own page holds the form for a new attempt date or a corrected address.
        const page = linkTo(store, orderPagePathOf(order.orderId));
        return {
          params: [number, page],
          text: `We could not deliver your order ${number}. Choose a new delivery date or correct the address and phone here: ${page}`,
        };
      }
      case 'refund_made': {
        const amount = formatPaise(Number(details.paise ?? 0));
        return {
          params: [amount, number],
          text: `We have refunded ${amount} for your order ${number}. Banks take 5-7 working days to show it.`,
        };
      }
      case 'return_decided': {
        const decision = details.decision === 'approved' ? 'approved' : 'declined';
        return {
          params: [number, decision],
          text: `Your return request for order ${number} is ${decision}. See the details on your orders page: ${linkTo(store, '/orders')}`,
        };
      }
      case 'refund_details_wanted': {
        // Decision 0067: the details go on the store's signed page, never in a reply.
        const amount = formatPaise(Number(details.paise ?? 0));
        const page = linkTo(store, refundDetailsPathOf(String(details.token ?? '')));
        return {
          params: [amount, number, page],
          text: `We owe you a refund of ${amount} for order ${number}, paid in cash on delivery. Give us your UPI ID or bank account on this page: ${page}. We never ask for your UPI PIN or OTP.`,
        };
      }
      case 'quote_sent': {
        const total = formatPaise(order.totalPaise);
        const path = `/quote/${order.orderId}`;
        const key = details.accessKey;
        const link = linkTo(store, typeof key === 'string' ? `${path}?key=${encodeURIComponent(key)}` : path);
        return {
          params: [number, total, link],
          text: `Your quote ${number} from ${store.storeName} for ${total} is ready. Review and pay: ${link}`,
        };
      }
      // Decision 0062: a recipient never agreed to hear from the store, so each of its two messages
      // names the store and the sender and says why it came; the stop line follows (withStopLink).
      case 'gift_on_its_way':
        return {
          params: [names.recipient, names.sender, store.storeName, order.promise, track],
          text: `Hello ${names.recipient}, ${names.sender} has sent you a gift from ${store.storeName}. It is on its way! ${order.promise}. Follow it here with your phone number: ${track}\n${giftWhy(names.sender, store)}`,
        };
      // Decision 0081: transactional (TCCCPR): the sender asked for it; it carries no offer.
      case 'gift_link': {
        const recipient = messageName(String(details.recipientName ?? ''), 'there');
        const link = linkTo(store, giftLinkPathOf(String(details.token ?? '')));
        return {
          params: [recipient, names.sender, store.storeName, link],
          text: `Hello ${recipient}, ${names.sender} has sent you a gift from ${store.storeName}. Tell us where and when to deliver it: ${link}\n${giftWhy(names.sender, store)}`,
        };
      }
      // Decision 0084: transactional (TCCCPR): news of a share the reader paid, or of their pool.
      case 'group_gift': {
        const recipient = messageName(String(details.recipientName ?? ''), 'your friend');
        const text = groupGiftNews(String(details.event ?? ''), {
          recipientName: recipient,
          paise: Number(details.paise ?? 0),
          takenPaise: Number(details.takenPaise ?? 0),
          promise: order.promise,
          storeName: store.storeName,
        });
        return { params: [text], text };
      }
      // Decision 0081: the note itself is read on the order page, signed in: a stranger's free text
      // never rides in a message the store sends (nor in a registered template's parameter).
      case 'gift_thanks': {
        const from = messageName(String(details.fromName ?? ''), 'Your recipient');
        const page = linkTo(store, orderPagePathOf(order.orderId));
        return {
          params: [names.shopper, from, number, page],
          text: `Hi ${names.shopper}, ${from} sent you a thank-you for your gift (order ${number}). Read it here: ${page}`,
        };
      }
      case 'gift_delivered':
        return {
          params: [names.recipient, names.sender, store.storeName, track],
          text: `Hello ${names.recipient}, your gift from ${names.sender}, sent through ${store.storeName}, has been delivered. Enjoy! Its journey: ${track}\n${giftWhy(names.sender, store)}`,
        };
    }
  })();
  return withStopLink(notice, params, text, links.optOut);
}

/** Why a gift's recipient hears from a store they never gave their number to, and what they will not get. */
const giftWhy = (sender: string, store: StoreIdentity) =>
  `You get this because ${sender} gave this number for the delivery. ${store.storeName} sends this number nothing else: no offers, ever.`;

/** Every message ends with how to stop them; the link is the template's last parameter. */
const withStopLink = (template: string, params: string[], text: string, optOut: string): MessageText => ({
  template,
  params: [...params, optOut],
  text: `${text}\n\nReply STOP to stop these messages, or open ${optOut}`,
});

/**
 * A cart reminder: the shopper's name and the link that fills the cart again. It may have no order
 * (a cart recorded at checkout), so it is written from the reminder, not an order.
 */
export const cartReminderMessage = (fullName: string, links: { optOut: string; restore: string }) => {
  const shopperName = messageName(fullName, 'there');
  return withStopLink(
    'cart_reminder',
    [shopperName, links.restore],
    `Hi ${shopperName}, the gifts you chose are still waiting. Pick up where you left off: ${links.restore}`,
    links.optOut,
  );
};

/**
 * Decision 0071: the one message a shopper asked for on a sold-out product's page. Written from
 * the row's details (the product's name and path when it was queued); it ends with how to stop.
 */
export function backInStockMessage(
  details: Record<string, string | number>,
  links: { optOut: string },
  store: StoreIdentity,
): MessageText {
  const name = String(details.productName ?? 'The gift you asked about');
  const link = linkTo(store, String(details.path ?? '/products'));
  return withStopLink(
    'back_in_stock',
    [name, store.storeName, link],
    `Good news: ${name} is back in stock at ${store.storeName}. You asked us to tell you once; here it is: ${link}`,
    links.optOut,
  );
}

export const cartRestoreLink = (store: StoreIdentity, token: string) =>
  linkTo(store, `/cart?${CART_RESTORE_PARAM}=${encodeURIComponent(token)}`);

export const optOutLink = (store: StoreIdentity, token: string) =>
  linkTo(store, `${OPT_OUT_PATH}?token=${encodeURIComponent(token)}`);

/** A message to the owner: what happened and where to see it; the owner stops them in Settings. */
export function ownerMessageFor(details: Record<string, string | number>): MessageText {
  const summary = String(details.summary ?? '');
  const link = String(details.link ?? '');
  return {
    template: 'owner_notice',
    params: [summary, link],
    text: `${summary}\n\nOpen it in the back office: ${link}`,
  };
}
