import { useCallback, useId } from 'react';
import type { OrderRecord } from '../../../shared/api/orders';
import type { VerifyPaymentPayload } from '../../../shared/api/payments';
import { formatIndiaDay, formatIndiaTime } from '../../../shared/india-time';
import { formatInr, toPaise } from '../../../shared/money';
import { apiRequest, parsedAnswer } from '../../api/client';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/status-message';
import { paymentsApi } from './payments-api';
import { type Payer, usePaymentWindow } from './use-payment-window';

const SLOT_WORDS: Record<string, string> = {
  standard: 'Standard delivery',
  midnight: 'Midnight delivery',
  timed: 'Timed delivery',
};

type PendingChange = NonNullable<OrderRecord['pendingAddressChange']>;

/** Decision 0085: the difference of a change of address, paid; answers the order as it now is. */
const verifyAddressChange = (payload: VerifyPaymentPayload): Promise<OrderRecord> =>
  parsedAnswer(
    import('../../../shared/api/orders').then((schemas) => schemas.OrderRecord),
    apiRequest<unknown>('/payments/verify-address-change', { method: 'POST', body: payload }),
  );

/** Decision 0085: the words of a change of address waiting for its difference. */
export const ADDRESS_CHANGE_PAYMENT = {
  title: 'Your change of address waits for payment',
  pay: (rupees: number) => `Pay ${formatInr(rupees)}`,
  opening: 'Opening payment…',
  confirming: 'Confirming payment…',
  lapsed: 'This change was not paid in time, so nothing changed. You can ask for it again.',
} as const;

/**
 * Decision 0085: a change of address that costs more for delivery, held until the customer pays
 * the difference in the provider's window (the sandbox's or Razorpay's). The server counts it
 * only with the provider's signature and makes the change then; `onPaid` has the order as it now
 * is. Until then the order keeps its address and slot, which this says.
 */
export function AddressChangePayment({
  order,
  pending,
  payer,
  now,
  onPaid,
}: {
  order: Pick<OrderRecord, 'id' | 'orderNumber'>;
  pending: PendingChange;
  payer: Payer;
  now: number;
  onPaid(order: OrderRecord): void;
}) {
  const titleId = useId();
  const startOrder = useCallback(async () => {
    const config = await paymentsApi.config();
    return {
      order: { id: pending.providerOrderId, amount: toPaise(pending.difference), currency: 'INR' as const },
      orderId: order.id,
      orderNumber: order.orderNumber,
      totalAmount: pending.difference,
      keyId: config.keyId,
      provider: config.provider,
      paymentMethod: 'online' as const,
    };
  }, [order.id, order.orderNumber, pending.providerOrderId, pending.difference]);
  const { phase, message, pay } = usePaymentWindow({
    startOrder,
    payer,
    onPaid: useCallback(({ verification }: { verification: OrderRecord }) => onPaid(verification), [onPaid]),
    verifyPayment: verifyAddressChange,
    description: useCallback(() => `Delivery change, order ${order.orderNumber}`, [order.orderNumber]),
  });
  const { address, delivery } = pending;
  const lapsed = Date.parse(pending.expiresAt) <= now;
  const deliveryWords = delivery
    ? ` for ${SLOT_WORDS[delivery.slot] ?? delivery.slot} on ${formatIndiaDay(delivery.date)}`
    : '';
  return (
    <section
      aria-labelledby={titleId}
      className="mt-3 flex flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-3"
    >
      <h3 id={titleId} className="text-base font-bold text-stone-900">
        {ADDRESS_CHANGE_PAYMENT.title}
      </h3>
      <p className="text-sm text-stone-800">
        {pending.requestedBy === 'admin'
          ? 'The store has asked to send your order to '
          : 'You asked to send it to '}
        {address.fullName}, {address.address}, {address.city} {address.postalCode}
        {deliveryWords}. That costs {formatInr(pending.difference)} more than you paid for delivery.
      </p>
      {lapsed ? (
        <p className="text-sm font-semibold text-stone-800">{ADDRESS_CHANGE_PAYMENT.lapsed}</p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            Pay the difference by {formatIndiaTime(pending.expiresAt)} to make the change; until then your
            order keeps its current address and delivery.
          </p>
          {message && <ErrorBanner>{message}</ErrorBanner>}
          <Button className="self-start" onClick={() => void pay()} disabled={phase !== 'idle'}>
            {phase === 'creating'
              ? ADDRESS_CHANGE_PAYMENT.opening
              : phase === 'verifying'
                ? ADDRESS_CHANGE_PAYMENT.confirming
                : ADDRESS_CHANGE_PAYMENT.pay(pending.difference)}
          </Button>
        </>
      )}
    </section>
  );
}
