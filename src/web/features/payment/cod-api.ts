import { useQuery } from '@tanstack/react-query';
import type { CodEligibility, CodEligibilityRequest } from '../../../shared/api/payments';
import { apiRequest, parsedAnswer } from '../../api/client';
import { deliveryChoiceOf, orderLinesOf, type PaymentRequest } from './payment-request';

/** Decision 0042: what the server's rule says of paying this cart on delivery. */
function fetchCodEligibility(body: CodEligibilityRequest, signal: AbortSignal): Promise<CodEligibility> {
  return parsedAnswer(
    import('../../../shared/api/payments').then((schemas) => schemas.CodEligibility),
    apiRequest<unknown>('/payments/cod-eligibility', { method: 'POST', body, signal }),
  );
}

/**
 * The eligibility of the cart on the payment page; asked again when the shopper's verified phone
 * changes (verifying it is often all that was missing).
 */
export function useCodEligibility(request: PaymentRequest, verifiedPhone: string | undefined) {
  const delivery = deliveryChoiceOf(request);
  const body: CodEligibilityRequest = {
    items: orderLinesOf(request),
    pincode: request.address.postalCode.trim(),
    ...(request.couponCode ? { couponCode: request.couponCode } : {}),
    ...(delivery ? { delivery } : {}),
  };
  return useQuery({
    queryKey: ['cod-eligibility', body, verifiedPhone ?? null],
    queryFn: ({ signal }) => fetchCodEligibility(body, signal),
    staleTime: 0,
    retry: 1,
  });
}
