import { useState } from 'react';
import { ApiError } from '../../api/client';
import { readAppliedCoupon, storeAppliedCoupon } from './coupon-store';
import { type CouponItem, useCouponQuote } from './coupons-api';

export type AppliedCoupon = { code: string; discount: number; summary: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status > 0
    ? error.message
    : 'Could not check the coupon. Please try again.';

/**
 * The checkout's coupon: the applied code, what the server says it takes off these lines now, and
 * the message when it does not apply. Only a code the server has just accepted counts.
 */
export function useCoupon(items: readonly CouponItem[]) {
  const [code, setCode] = useState<string | null>(readAppliedCoupon);
  const quote = useCouponQuote(code, items);
  const applied: AppliedCoupon | null =
    code !== null && quote.data && !quote.isFetching && quote.data.code === code.toUpperCase()
      ? { code: quote.data.code, discount: quote.data.discount, summary: quote.data.summary }
      : null;
  return {
    code,
    applied,
    checking: code !== null && quote.isFetching,
    error: code !== null && quote.error ? messageOf(quote.error) : null,
    apply(next: string) {
      const trimmed = next.trim().toUpperCase();
      setCode(trimmed || null);
      storeAppliedCoupon(trimmed || null);
    },
    remove() {
      setCode(null);
      storeAppliedCoupon(null);
    },
  };
}

export type CouponState = ReturnType<typeof useCoupon>;
