// The pages the links in order messages open (no Zod here: the router imports it).

/** The page an opt-out link opens (`?token=`). */
export const OPT_OUT_PATH = '/messages/stop';
/** A cart reminder's link opens the cart with this parameter holding its token. */
export const CART_RESTORE_PARAM = 'restore';

/** Decision 0067: the signed page where a cash on delivery refund's UPI ID or bank account is given. */
export const REFUND_DETAILS_PATH = '/refund-details';
export const refundDetailsPathOf = (token: string) =>
  `${REFUND_DETAILS_PATH}?token=${encodeURIComponent(token)}`;
