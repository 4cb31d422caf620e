import { useQuery } from '@tanstack/react-query';
import type { CouponQuote, ValidateCouponInput } from '../../../shared/api/coupons';
import { apiRequest, parsedAnswer } from '../../api/client';

export type CouponItem = { productId: number; quantity: number };

// The schema (and Zod) loads with the first answer, not with the page (docs/performance.md).
export const validateCoupon = (payload: ValidateCouponInput): Promise<CouponQuote> =>
  parsedAnswer(
    import('../../../shared/api/coupons').then((schemas) => schemas.CouponQuote),
    apiRequest<unknown>('/coupons/validate', { method: 'POST', body: payload }),
  );

/**
 * The server's quote for the applied code on these lines, asked again whenever the lines change
 * (a coupon's minimum order or categories may stop holding when the cart does).
 */
export function useCouponQuote(code: string | null, items: readonly CouponItem[]) {
  return useQuery({
    queryKey: ['coupon', code, items.map((item) => `${item.productId}x${item.quantity}`).join(',')],
    queryFn: () => validateCoupon({ code: code ?? '', items: [...items] }),
    enabled: code !== null && items.length > 0,
    retry: false,
    staleTime: 60_000,
  });
}
