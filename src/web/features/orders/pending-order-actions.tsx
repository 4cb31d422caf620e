import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderRecord } from '../../../shared/api/orders';
import { formatIndiaTime } from '../../../shared/india-time';
import { ApiError } from '../../api/client';
import { Button, buttonClass } from '../../components/button';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';
import { isPayable, useCancelOrder } from './orders-api';

/** The payment page of a pending order: it pays this order, never a new one. */
export const completePaymentPath = (orderId: string) => `/payment?order=${encodeURIComponent(orderId)}`;

/**
 * An order still waiting for payment (an abandoned payment window) is no dead end: until
 * it expires, 'Complete payment' takes it to the payment page and 'Cancel order' (after a
 * confirmation in the app's own dialog) gives its stock and coupon back at once.
 */
export function PendingOrderActions({
  order,
  now,
  className = '',
}: {
  order: Pick<OrderRecord, 'id' | 'orderNumber' | 'payableUntil'>;
  now: number;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();
  if (!isPayable(order, now) || order.payableUntil === null) return null;

  const close = () => {
    setConfirming(false);
    cancel.reset();
  };
  const failure =
    cancel.error instanceof ApiError && cancel.error.status !== 0
      ? cancel.error.message
      : "We couldn't cancel the order just now. Please try again.";

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <p className="text-sm text-stone-700">
        Complete payment by {formatIndiaTime(order.payableUntil)} to keep these items, or cancel the order.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={completePaymentPath(order.id)}
          aria-label={`Complete payment of order ${order.orderNumber}`}
          className={buttonClass('primary')}
        >
          Complete payment
        </Link>
        <Button
          variant="secondary"
          aria-label={`Cancel order ${order.orderNumber}`}
          onClick={() => setConfirming(true)}
        >
          Cancel order
        </Button>
      </div>
      <Modal
        isOpen={confirming}
        onClose={close}
        title={`Cancel order ${order.orderNumber}?`}
        subtitle="Its items go back on sale and any coupon on it can be used again."
      >
        <div className="flex flex-col gap-3">
          {cancel.isError && <ErrorBanner>{failure}</ErrorBanner>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
              Keep order
            </Button>
            <Button
              variant="danger"
              onClick={() => cancel.mutate(order.id, { onSuccess: () => setConfirming(false) })}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel order'}
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
