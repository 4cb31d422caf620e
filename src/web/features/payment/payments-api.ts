import {
  type CreateOrderInput,
  PaymentConfig,
  type PaymentFailedPayload,
  PlaceOrderResponse,
  type VerifyPaymentPayload,
  VerifyPaymentResponse,
} from '../../../shared/api/payments';
import { apiRequest } from '../../api/client';

/** The /api/payments calls of SPEC 7, plus the provider's public configuration (DESIGN 5). */
export const paymentsApi = {
  config: async (): Promise<PaymentConfig> =>
    PaymentConfig.parse(await apiRequest<unknown>('/payments/config')),

  /** A retried request with the same key gets the same order (DESIGN 4). */
  createOrder: async (payload: CreateOrderInput, idempotencyKey: string): Promise<PlaceOrderResponse> =>
    PlaceOrderResponse.parse(
      await apiRequest<unknown>('/payments/create-order', {
        method: 'POST',
        body: payload,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    ),

  verify: async (payload: VerifyPaymentPayload): Promise<VerifyPaymentResponse> =>
    VerifyPaymentResponse.parse(
      await apiRequest<unknown>('/payments/verify-payment', { method: 'POST', body: payload }),
    ),

  reportFailure: async (payload: PaymentFailedPayload): Promise<void> => {
    await apiRequest<unknown>('/payments/payment-failed', { method: 'POST', body: payload });
  },
};

export type PaymentsApi = typeof paymentsApi;
