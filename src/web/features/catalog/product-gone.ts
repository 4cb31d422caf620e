// Decision 0071: an old or unknown product link lands on the listing, which says why.
export const PRODUCT_GONE_NOTICE = 'That product is no longer available';

/** The navigation state the product page sends the shopper to the listing with. */
export const productGoneState = { notice: PRODUCT_GONE_NOTICE } as const;

/** The notice a listing was sent to with, or null (a navigation's state is anything a page set). */
export function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return state.notice === PRODUCT_GONE_NOTICE ? PRODUCT_GONE_NOTICE : null;
}
