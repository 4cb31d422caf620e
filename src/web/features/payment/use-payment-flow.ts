import { useCallback, useMemo, useState } from 'react';
import type { CashOrderResponse, CreateOrderResponse } from '../../../shared/api/payments';
import type { PaymentMethod } from '../../../shared/cash-on-delivery';
import { toRupees } from '../../../shared/money';
import { ApiError } from '../../api/client';
import { createAttemptKeys } from './payment-attempts';
import { initiateFailureMessage } from './payment-messages';
import { deliveryChoiceOf, orderLinesOf, type PaymentRequest, paymentCharges } from './payment-request';
import { paymentsApi } from './payments-api';
import { type PaidOrder, usePaymentWindow } from './use-payment-window';

export { type PaidOrder, type PaymentPhase, preloadCheckoutScript } from './use-payment-window';

export type Payer = { name: string; email: string };

/**
 * SPEC 4 "Checkout and payment flow" for the cart: create the order, then the payment window; or
 * (decision 0042) place it as cash on delivery, with no window: it is confirmed at once.
 */
export function usePaymentFlow({
  request,
  payer,
  onPaid,
  onCashOrder,
}: {
  request: PaymentRequest;
  payer: Payer;
  onPaid(paid: PaidOrder): void;
  onCashOrder(order: CashOrderResponse): void;
}) {
  // One key per payment method and request, for the tab's whole checkout (payment-attempts.ts):
  // pressing Pay again after a network error, a dismissed window, a failed payment or a reload is a
  // retry the server answers with the same order, so no second order holds stock. Only when the
  // server refuses the key (the order expired or changed) does the next press start a new order.
  const [attemptKeys] = useState(createAttemptKeys);
  // The server refused the delivery day (2 PM passed while paying): offer the days again.
  const [deliveryRefused, setDeliveryRefused] = useState(false);
  const [placingCash, setPlacingCash] = useState(false);
  const [cashMessage, setCashMessage] = useState<string | null>(null);

  const createOrder = useCallback(
    async (paymentMethod: PaymentMethod, codFee: number) => {
      setDeliveryRefused(false);
      const delivery = deliveryChoiceOf(request);
      const { address, couponCode, giftOptions, notify, marketing } = request;
      const order = {
        items: orderLinesOf(request),
        // The total the shopper saw: with cash on delivery, the fee the eligibility answer named.
        totalAmount: toRupees(paymentCharges(request, codFee).totalPaise),
        shippingAddress: address,
        ...(couponCode ? { couponCode } : {}),
        ...(giftOptions ? { giftOptions } : {}),
        ...(notify ? { notify } : {}),
        ...(marketing ? { marketing } : {}),
        ...(delivery ? { delivery } : {}),
        // Online is the server's default, so only cash on delivery is named.
        ...(paymentMethod === 'cod' ? { paymentMethod } : {}),
      };
      try {
        const key = await attemptKeys.keyFor(paymentMethod, JSON.stringify(order));
        return await paymentsApi.createOrder(order, key);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) attemptKeys.forget(paymentMethod);
        if (error instanceof ApiError && error.errors.some((field) => field.path === 'delivery')) {
          setDeliveryRefused(true);
        }
        throw error;
      }
    },
    [request, attemptKeys],
  );

  const startOrder = useCallback(async (): Promise<CreateOrderResponse> => {
    const created = await createOrder('online', 0);
    if (created.paymentMethod !== 'online')
      throw new Error('The server placed a cash order for an online payment');
    return created;
  }, [createOrder]);

  /** Places the order as cash on delivery; the fee is the one the shopper was shown. */
  const placeCashOrder = useCallback(
    async (codFee: number) => {
      if (placingCash) return;
      setPlacingCash(true);
      setCashMessage(null);
      try {
        const created = await createOrder('cod', codFee);
        if (created.paymentMethod === 'cod') {
          attemptKeys.forget('cod');
          onCashOrder(created);
        }
      } catch (error) {
        setCashMessage(initiateFailureMessage(error));
        setPlacingCash(false);
      }
    },
    [createOrder, onCashOrder, placingCash, attemptKeys],
  );

  const windowPayer = useMemo(
    () => ({ name: payer.name, email: payer.email, contact: request.address.phone }),
    [payer.name, payer.email, request.address.phone],
  );
  const paid = useCallback(
    (order: PaidOrder) => {
      attemptKeys.forget('online');
      onPaid(order);
    },
    [attemptKeys, onPaid],
  );
  const online = usePaymentWindow({ startOrder, payer: windowPayer, onPaid: paid });
  return {
    ...online,
    phase: placingCash ? ('creating' as const) : online.phase,
    message: cashMessage ?? online.message,
    placeCashOrder,
    deliveryRefused,
  };
}
