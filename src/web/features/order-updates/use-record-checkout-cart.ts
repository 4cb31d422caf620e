import { useEffect, useRef } from 'react';
import type { CheckoutCartLine } from '../../../shared/api/notifications';
import { MAX_ORDER_LINES } from '../../../shared/api/payments-rules';
import type { PersonalisationValues } from '../../../shared/personalisation-rules';

// Several quick changes (a quantity stepped up three times) are one recording.
export const RECORD_CART_DEBOUNCE_MS = 500;

type Line = { id: number; quantity: number; personalisation?: PersonalisationValues | undefined };

/**
 * What the server keeps of a cart at checkout: product and quantity. What a shopper wrote on a
 * personalised line stays in their browser, so those lines are left out.
 */
export const checkoutCartLines = (lines: readonly Line[]): CheckoutCartLine[] =>
  lines
    .filter((line) => !line.personalisation)
    .slice(0, MAX_ORDER_LINES)
    .map((line) => ({ productId: line.id, quantity: line.quantity }));

/**
 * Tells the server the cart of a signed-in shopper at checkout, and again when it
 * changes there, so one who leaves before paying can be reminded with a link that brings it back
 * (the cart itself lives in this browser alone). A failure is silent: a reminder is a kindness,
 * never a reason to stop a checkout.
 */
export function useRecordCheckoutCart(userId: number | null, lines: readonly Line[]) {
  const body = userId === null ? null : JSON.stringify(checkoutCartLines(lines));
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (body === null || body === recorded.current) return;
    // An empty cart is told only to forget one recorded in this visit.
    if (body === '[]' && recorded.current === null) return;
    const timer = setTimeout(() => {
      recorded.current = body;
      // Its request's code loads with the first recording, not with checkout's first screen.
      import('./order-updates-api')
        .then((api) => api.recordCheckoutCart(JSON.parse(body) as CheckoutCartLine[]))
        .catch(() => {
          recorded.current = null;
        });
    }, RECORD_CART_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [body]);
}
