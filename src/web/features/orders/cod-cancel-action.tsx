import { useState } from 'react';
import type { OrderRecord } from '../../../shared/api/orders';
import { shopperMayCancelCod } from '../../../shared/cash-on-delivery';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/status-message';
import { useCancelOrder } from './orders-api';

/**
 * Decision 0042: a cash on delivery order the courier does not have yet can be cancelled by the
 * shopper (the server cancels its pickup too), after a confirmation in the app's own dialog.
 */
export function CodCancelAction({
  order,
  className = '',
}: {
  order: Pick<OrderRecord, 'id' | 'orderNumber' | 'status' | 'cashOnDelivery'>;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();
  const cod = order.cashOnDelivery;
  if (!cod || !shopperMayCancelCod({ status: order.status, collected: cod.collected })) return null;

  const failure =
    cancel.error instanceof ApiError && cancel.error.status !== 0
      ? cancel.error.message
      : "We couldn't cancel the order just now. Please try again.";

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <p className="text-sm text-stone-700">
        Changed your mind? You can cancel this order until the courier picks it up.
      </p>
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
        message="Nothing has been paid, so there is nothing to refund. Its items go back on sale."
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
