import { useState } from 'react';
import type { OrderRecord } from '../../../shared/api/orders';
import { shopperMayCancelCod } from '../../../shared/cash-on-delivery-rules';
import { formatInr } from '../../../shared/money';
import { REFUND_TIMING } from '../../../shared/money-ledger';
import { shopperMayCancelPaid } from '../../../shared/order-status';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/status-message';
import { useCancelOrder } from './orders-api';

type CancellableOrder = Pick<
  OrderRecord,
  'id' | 'orderNumber' | 'status' | 'paidAt' | 'total' | 'cashOnDelivery'
>;

/**
 * What the shopper is told before cancelling, or null when they may not cancel it themselves: a
 * cash on delivery order until the courier has it (decision 0042), an order paid online until it
 * is packed, refunded in full (decision 0051).
 */
function cancellation(order: CancellableOrder): { when: string; money: string } | null {
  const cod = order.cashOnDelivery;
  if (cod) {
    return shopperMayCancelCod({ status: order.status, collected: cod.collected })
      ? {
          when: 'Changed your mind? You can cancel this order until the courier picks it up.',
          money: 'Nothing has been paid, so there is nothing to refund. Its items go back on sale.',
        }
      : null;
  }
  if (order.paidAt === null || !shopperMayCancelPaid(order.status)) return null;
  return {
    when: 'Changed your mind? You can cancel this order until it is packed.',
    money: `${formatInr(order.total)} goes back to your original payment method at once. ${REFUND_TIMING}`,
  };
}

/** The shopper's own cancellation, after a confirmation in the app's own dialog. */
export function OrderCancelAction({
  order,
  className = '',
}: {
  order: CancellableOrder;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();
  const terms = cancellation(order);
  if (!terms) return null;

  const failure =
    cancel.error instanceof ApiError && cancel.error.status !== 0
      ? cancel.error.message
      : "We couldn't cancel the order just now. Please try again.";

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <p className="text-sm text-stone-700">{terms.when}</p>
      {cancel.isError && <ErrorBanner>{failure}</ErrorBanner>}
      <Button
        variant="secondary"
        className="self-start"
        aria-label={`Cancel order ${order.orderNumber}`}
        disabled={cancel.isPending}
        onClick={() => setConfirming(true)}
      >
        {cancel.isPending ? 'Cancelling...' : 'Cancel order'}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title={`Cancel order ${order.orderNumber}?`}
        message={terms.money}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cancel.mutate(order.id);
        }}
      />
    </div>
  );
}
