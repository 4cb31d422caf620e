import type {
  CreateOrderInput,
  PaymentConfig,
  PaymentFailedPayload,
  PlaceOrderResponse,
  VerifyPaymentPayload,
  VerifyPaymentResponse,
} from '../../../shared/api/payments';
import { apiRequest, parsedAnswer } from '../../api/client';

// The schemas (and Zod) load with the first answer, not with the page (docs/performance.md).
const paymentSchemas = () => import('../../../shared/api/payments');

/** The /api/payments calls of SPEC 7, plus the provider's public configuration (DESIGN 5). */
export const paymentsApi = {
  config: (): Promise<PaymentConfig> =>
    parsedAnswer(
      paymentSchemas().then((schemas) => schemas.PaymentConfig),
      apiRequest<unknown>('/payments/config'),
    ),

  /** A retried request with the same key gets the same order (DESIGN 4). */
  createOrder: (payload: CreateOrderInput, idempotencyKey: string): Promise<PlaceOrderResponse> =>
    parsedAnswer(
      paymentSchemas().then((schemas) => schemas.PlaceOrderResponse),
      apiRequest<unknown>('/payments/create-order', {
        method: 'POST',
        body: payload,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    ),

  verify: (payload: VerifyPaymentPayload): Promise<VerifyPaymentResponse> =>
    parsedAnswer(
      paymentSchemas().then((schemas) => schemas.VerifyPaymentResponse),
      apiRequest<unknown>('/payments/verify-payment', { method: 'POST', body: payload }),
    ),

  reportFailure: async (payload: PaymentFailedPayload): Promise<void> => {
    await apiRequest<unknown>('/payments/payment-failed', { method: 'POST', body: payload });
  },
};

export type PaymentsApi = typeof paymentsApi;
