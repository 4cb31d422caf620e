import { useState } from 'react';
import type { OrderItemRecord } from '../../../shared/api/orders';
import { errorMessage } from '../../components/admin/admin-ui';
import { useStaffMay } from '../../components/admin/staff-permission';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/status-message';
import { useRemoveOrderLine } from './orders-api';

/**
 * Decision 0078: "Remove" beside a line of an order not yet booked with the courier (and not its
 * only line). The dialog says what happens to the money and when, before anything moves.
 */
export function OrderLineRemoval({
  orderId,
  item,
  cashOnDelivery,
}: {
  orderId: string;
  item: OrderItemRecord;
  cashOnDelivery: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveOrderLine(orderId);
  // Decision 0076: the API gives removing a line to the roles that may cancel with a refund.
  const mayRemove = useStaffMay('cancelWithRefund');
  if (!mayRemove) return null;
  const what = `${item.quantity} x ${item.product.name}`;
  return (
    <span className="flex flex-col items-end gap-1">
      {remove.isError && <ErrorBanner>{errorMessage(remove.error)}</ErrorBanner>}
      <Button
        variant="secondary"
        aria-label={`Remove ${what} from the order`}
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        {remove.isPending ? 'Removing...' : 'Remove'}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title={`Remove ${what}?`}
        message={
          cashOnDelivery
            ? 'The customer will pay its part less on delivery (after its share of any coupon). Its units go back on the shelf, and the customer sees it on the order’s timeline.'
            : 'Its part of what was paid (after its share of any coupon) goes back to the customer’s original payment method at once, with a new invoice. Its units go back on the shelf, and the customer sees it on the order’s timeline.'
        }
        confirmLabel="Remove item"
        cancelLabel="Keep item"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(item.lineId);
        }}
      />
    </span>
  );
}
