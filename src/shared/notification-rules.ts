// Who hears of an order, on which channel and when: the rules without Zod, so that pages show
// them without loading it (docs/performance.md "JavaScript budget"); the consent's schema is in
// notifications.ts, which re-exports these.

// The channels a shopper can agree to get order news on, at checkout.
export const NOTIFY_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
/** The channels that go through the messenger (WhatsApp, SMS); e-mail has its own mail outbox. */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'E-mail',
};

export const GIFT_RECIPIENT_PHONE_MESSAGE = "Please enter the recipient's 10-digit mobile number";

/** The events a shopper (or a gift's recipient) hears about. */
export const ORDER_NOTICES = [
  'order_placed',
  // Decision 0042: a cash on delivery order is placed and confirmed, not paid.
  'order_placed_cod',
  // Decision 0064: a large cash on delivery order asks for a reply of YES before it is booked.
  'cod_confirm',
  'order_shipped',
  'out_for_delivery',
  'order_delivered',
  'delivery_failed',
  'refund_made',
  'return_decided',
  // Decision 0067: a cash on delivery refund asks where to send it, by a signed page's link.
  'refund_details_wanted',
  'quote_sent',
  'gift_on_its_way',
  'gift_delivered',
  // Decision 0081: the link a sender paid for, asking the recipient where and when.
  'gift_link',
  // Decision 0084: a group gift's news to a contributor or its organiser (a share taken, refunded...).
  'group_gift',
  // Decision 0081: the recipient of a gift link thanked its sender (to the sender only).
  'gift_thanks',
  'cart_reminder',
  // Decision 0071: a sold-out product the shopper asked about is back.
  'back_in_stock',
] as const;
export type OrderNotice = (typeof ORDER_NOTICES)[number];

/**
 * Decision 0062: the messages that are marketing (TRAI TCCCPR's promotional, WhatsApp's MARKETING
 * category): sent only with a marketing consent, from 9 am to 9 pm, on a promotional SMS header.
 */
export const MARKETING_NOTICES: readonly OrderNotice[] = ['cart_reminder', 'back_in_stock'];
export const isMarketingTemplate = (template: string) =>
  (MARKETING_NOTICES as readonly string[]).includes(template);

/** The order statuses whose change tells the shopper on WhatsApp or SMS, and as what. */
const NOTICE_OF_STATUS: Partial<Record<string, OrderNotice>> = {
  paid: 'order_placed',
  shipped: 'order_shipped',
  out_for_delivery: 'out_for_delivery',
  delivered: 'order_delivered',
  failed_delivery: 'delivery_failed',
};
export const noticeOfStatus = (status: string): OrderNotice | null => NOTICE_OF_STATUS[status] ?? null;

/**
 * Decision 0065: the order statuses at which a parcel's news is no longer true when it goes out. A
 * message queued at one scan and sent after the next would otherwise contradict the parcel: "out
 * for delivery today" for a parcel that failed or is on its way back, "choose a new date" once it
 * is returning, "delivered" for one that is not.
 */
const RETURNING = ['rto_initiated', 'rto_in_transit', 'returned'];
const NOT_YET_DELIVERED = ['shipped', 'out_for_delivery', 'failed_delivery', ...RETURNING];
const PARCEL_NOTICE_UNTRUE_AT: Partial<Record<OrderNotice, readonly string[]>> = {
  order_shipped: RETURNING,
  gift_on_its_way: RETURNING,
  out_for_delivery: ['failed_delivery', ...RETURNING],
  delivery_failed: RETURNING,
  order_delivered: NOT_YET_DELIVERED,
  gift_delivered: NOT_YET_DELIVERED,
};
export const parcelNoticeStillTrue = (notice: OrderNotice, status: string): boolean =>
  !(PARCEL_NOTICE_UNTRUE_AT[notice]?.includes(status) ?? false);

/**
 * What the gift's recipient hears (never a price): that it is on its way when the parcel leaves,
 * not when it is paid (a paid order may still be cancelled, or wait days for its delivery date),
 * and that it arrived.
 */
const GIFT_NOTICE_OF_STATUS: Partial<Record<string, OrderNotice>> = {
  shipped: 'gift_on_its_way',
  delivered: 'gift_delivered',
};
export const giftNoticeOfStatus = (status: string): OrderNotice | null =>
  GIFT_NOTICE_OF_STATUS[status] ?? null;

/**
 * Status e-mails are the few that matter (paid, shipped with tracking, delivered, a failed
 * delivery, cancelled with its refund, returned), not one per click of the back office (confirmed,
 * processing, packed, out for delivery tell the customer nothing they must act on).
 */
const MAILED_STATUSES = new Set(['paid', 'shipped', 'delivered', 'failed_delivery', 'cancelled', 'returned']);
export const statusMailsCustomer = (status: string): boolean => MAILED_STATUSES.has(status);

/** A shopper who started checkout and has not paid this long later gets one reminder. */
export const CART_REMINDER_AFTER_MS = 60 * 60 * 1000;
/** ...and never more than one in this long. */
export const CART_REMINDER_GAP_MS = 24 * 60 * 60 * 1000;
/** A payment this long after a reminder's link filled the cart again counts as a cart recovered. */
export const CART_RECOVERY_WINDOW_DAYS = 7;
export const CART_RECOVERY_WINDOW_MS = CART_RECOVERY_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Replies that end messages on that channel (the words WhatsApp and India's DLT rules use). */
const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
export const isStopReply = (text: string) => STOP_WORDS.has(text.trim().toUpperCase().replace(/\s+/g, ' '));

/**
 * Decision 0064: news an order cannot go on without. When the shopper ticked neither WhatsApp nor
 * SMS it goes by SMS to their verified mobile (a transactional message, TCCCPR 2018); a number
 * that sent STOP still gets nothing.
 */
// Decision 0081: also a gift link recipient's thank-you, to its sender, whose link checkout asks
// for no channel (the link needed their verified mobile).
export const SERVICE_NOTICES: readonly OrderNotice[] = ['cod_confirm', 'gift_thanks'];

export const isOrderNotice = (value: string): value is OrderNotice =>
  (ORDER_NOTICES as readonly string[]).includes(value);
