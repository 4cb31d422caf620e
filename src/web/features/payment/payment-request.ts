import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DeliveryChoice, DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { pickOfChoice } from '../../../shared/delivery-slot-rules';
import { toRupees } from '../../../shared/money';
import { cartCharges, chargeSummary } from '../../../shared/order-charges';
import type { PaymentRequest } from './payment-request-check';

export type { PaymentLine, PaymentRequest } from './payment-request-check';

/**
 * The request in the navigation state, checked by payment-request-check.ts once it has loaded
 * (`checking` until then); null when it is missing or incomplete (SPEC 5).
 */
export function useCheckedPaymentRequest(state: unknown) {
  const check = useQuery({
    queryKey: ['payment-request-check'],
    queryFn: () => import('./payment-request-check'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const request = useMemo(() => check.data?.readPaymentRequest(state) ?? null, [check.data, state]);
  return {
    request,
    checking: check.isPending,
    failed: check.isError,
    retry: () => void check.refetch(),
  };
}

/**
 * Decision 0072: the request's charges by the one model of an order's money (the same create-order
 * prices), with cash on delivery's fee when the shopper pays at the door.
 */
export const paymentCharges = (request: PaymentRequest, codFee?: number) =>
  chargeSummary(
    cartCharges({
      lines: request.items,
      discount: request.discount ?? 0,
      shippingFee: request.shippingFee,
      slotFee: request.delivery?.fee ?? 0,
      slotName: request.delivery?.window?.name,
      ...(codFee !== undefined && codFee > 0 ? { codFee } : {}),
    }),
  );

/** The request with another delivery choice (after the server refused the first). */
export function withDeliveryChoice(
  request: PaymentRequest,
  delivery: DeliveryChoiceRecord | null,
): PaymentRequest {
  const { delivery: _previous, ...rest } = request;
  const changed = { ...rest, ...(delivery ? { delivery } : {}) };
  return { ...changed, orderTotal: toRupees(paymentCharges(changed).totalPaise) };
}

/** The day and slot as create-order takes them (it works out the fee itself). */
export const deliveryChoiceOf = (request: PaymentRequest): DeliveryChoice | undefined =>
  request.delivery && pickOfChoice(request.delivery);

/** The cart's lines as create-order and the cash on delivery check take them. */
export const orderLinesOf = (request: PaymentRequest) =>
  request.items.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    inStock: item.inStock,
    allowPreOrder: item.allowPreOrder,
    minQuantity: item.minQuantity,
    ...(item.personalisation ? { personalisation: item.personalisation } : {}),
  }));
