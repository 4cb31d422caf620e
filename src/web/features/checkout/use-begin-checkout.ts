import { useEffect, useRef } from 'react';
import { trackEcommerce } from '../../analytics';
import { analyticsItemsOf, type CheckoutLine } from './checkout-lines';

/** SPEC 1: one begin_checkout per visit of the checkout page, once it has lines to show. */
export function useBeginCheckout(lines: readonly CheckoutLine[], coupon: string | null = null) {
  const sent = useRef(false);
  const hasLines = lines.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines of the moment it becomes true are the ones sent
  useEffect(() => {
    if (sent.current || !hasLines) return;
    sent.current = true;
    // GA4: the coupon the shopper arrives with (applied earlier in this visit), when there is one.
    trackEcommerce('begin_checkout', analyticsItemsOf(lines), coupon ? { coupon } : {});
  }, [hasLines]);
}
