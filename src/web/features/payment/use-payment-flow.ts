import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { deliveryChoiceOf, type PaymentRequest } from './payment-request';
import { paymentsApi } from './payments-api';
import { type PaidOrder, usePaymentWindow } from './use-payment-window';

export { type PaidOrder, type PaymentPhase, preloadCheckoutScript } from './use-payment-window';

export type Payer = { name: string; email: string };

const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** SPEC 4 "Checkout and payment flow" for the cart: create the order, then the payment window. */
export function usePaymentFlow({
  request,
  payer,
  onPaid,
}: {
  request: PaymentRequest;
  payer: Payer;
  onPaid(paid: PaidOrder): void;
}) {
  // One key for the whole visit: pressing Pay again after a network error, a dismissed window or a
  // failed payment is a retry the server answers with the same pending order, so no second order
  // holds stock. Only when the server refuses the key (the order expired or changed) does the
  // next press start a new order.
  const attemptKey = useRef<string | null>(null);
  // Issue 13: the server refused the delivery day (2 PM passed while paying): offer the days again.
  const [deliveryRefused, setDeliveryRefused] = useState(false);

  const startOrder = useCallback(async () => {
    setDeliveryRefused(false);
    attemptKey.current ??= newIdempotencyKey();
    const delivery = deliveryChoiceOf(request);
    const { address, items, orderTotal, couponCode, giftOptions, notify } = request;
    try {
      return await paymentsApi.createOrder(
        {
          items: items.map((item) => ({
            productId: item.id,
            quantity: item.quantity,
            inStock: item.inStock,
            allowPreOrder: item.allowPreOrder,
            minQuantity: item.minQuantity,
            ...(item.personalisation ? { personalisation: item.personalisation } : {}),
          })),
          totalAmount: orderTotal,
          shippingAddress: address,
          ...(couponCode ? { couponCode } : {}),
          ...(giftOptions ? { giftOptions } : {}),
          ...(notify ? { notify } : {}),
          ...(delivery ? { delivery } : {}),
        },
        attemptKey.current,
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) attemptKey.current = null;
      if (error instanceof ApiError && error.errors.some((field) => field.path === 'delivery')) {
        setDeliveryRefused(true);
      }
      throw error;
    }
  }, [request]);

  const windowPayer = useMemo(
    () => ({ name: payer.name, email: payer.email, contact: request.address.phone }),
    [payer.name, payer.email, request.address.phone],
  );
  return { ...usePaymentWindow({ startOrder, payer: windowPayer, onPaid }), deliveryRefused };
}
