import { useCallback, useMemo, useState } from 'react';
import type { PaymentMethod } from '../../../shared/cash-on-delivery';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { toRupees } from '../../../shared/money';
import { storeSettings } from '../../app-data';
import { offeredChoice, useDeliveryDates } from '../../features/delivery-dates/delivery-dates-api';
import { useCodEligibility } from '../../features/payment/cod-api';
import {
  type PaymentRequest,
  paymentCharges,
  withDeliveryChoice,
} from '../../features/payment/payment-request';

/**
 * SPEC 5: the order the payment page pays, from what checkout handed it. When the server refuses
 * the day chosen at checkout (2 PM passed while paying), the days are offered again, fresh, and the
 * order then carries the new choice and its total. Decision 0042: cash on delivery beside online
 * payment as the server's rule allows it now, its fee in the total only when chosen.
 */
export function usePaymentOrder({
  checkedOut,
  verifiedPhone,
}: {
  checkedOut: PaymentRequest;
  verifiedPhone: string | undefined;
}) {
  const [refused, setRefused] = useState(false);
  const refuse = useCallback(() => setRefused(true), []);
  const [dateChoice, setDateChoice] = useState<DeliveryChoice | null>(null);
  const pincode = checkedOut.address.postalCode.trim();
  const deliveryDates = useDeliveryDates(refused ? pincode : null, { fresh: true });
  const chosenDelivery = useMemo(
    () => (refused ? offeredChoice(dateChoice, deliveryDates.data) : (checkedOut.delivery ?? null)),
    [refused, dateChoice, deliveryDates.data, checkedOut.delivery],
  );
  const request = useMemo(() => withDeliveryChoice(checkedOut, chosenDelivery), [checkedOut, chosenDelivery]);

  // Where the store takes cash on delivery at all, the choice holds its place from the first
  // render, greyed until this cart's answer comes: the answer then moves nothing.
  const codAnswer = useCodEligibility(request, verifiedPhone);
  const cod = codAnswer.data;
  const [method, setMethod] = useState<PaymentMethod>('online');
  const payOnDelivery = method === 'cod' && cod?.available === true;
  const codFee = payOnDelivery ? cod.fee : 0;
  const money = paymentCharges(request, codFee);
  return {
    request,
    delivery: {
      pincode,
      refused,
      refuse,
      dates: deliveryDates,
      chosen: chosenDelivery,
      choose: setDateChoice,
    },
    cod,
    codChecking: codAnswer.isPending && storeSettings.cashOnDelivery,
    payOnDelivery,
    chooseMethod: setMethod,
    codFee,
    /** Rupees: what the shopper pays, and its delivery charges. */
    total: toRupees(money.totalPaise),
    shipping: toRupees(money.deliveryPaise),
  };
}

/** SPEC 1: GA4's purchase of the order placed, in INR, with the coupon. */
export const purchaseOf = (
  request: {
    items: readonly { id: number; name: string; category: string; price: number; quantity: number }[];
    couponCode?: string | undefined;
  },
  order: { orderNumber: string; totalAmount: number },
  shipping: number,
) =>
  [
    request.items.map((item) => ({
      item_id: String(item.id),
      item_name: item.name,
      item_category: item.category || undefined,
      price: item.price,
      quantity: item.quantity,
    })),
    {
      transaction_id: order.orderNumber,
      value: order.totalAmount,
      shipping,
      ...(request.couponCode ? { coupon: request.couponCode } : {}),
    },
  ] as const;
