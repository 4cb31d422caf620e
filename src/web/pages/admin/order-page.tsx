import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { pickOfChoice } from '../../../shared/delivery-slot-rules';
import { formatInr } from '../../../shared/money';
import { QueryState } from '../../components/admin/admin-ui';
import { OrderAddressChange } from '../../features/addresses/order-address-change';
import { OrderStatusControls, OrderSummary } from '../../features/admin-orders/order-detail-view';
import { useAdminOrder, useChangeAdminOrderAddress } from '../../features/admin-orders/orders-api';
import { ShipmentPanel } from '../../features/admin-orders/shipment-panel';
import { DeliveryChoiceNote } from '../../features/orders/delivery-choice-note';
import { GiftNote } from '../../features/orders/gift-note';

// Decision 0085: the new address's dates (and their schemas) load at the change's second step.
const DeliveryChoiceAt = lazy(() =>
  import('../../features/delivery-dates/delivery-choice-at').then((module) => ({
    default: module.DeliveryChoiceAt,
  })),
);

export function Component() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const changeAddress = useChangeAdminOrderAddress(id);
  return (
    <section className="space-y-4">
      <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 underline">
        ← All orders
      </Link>
      <QueryState isPending={order.isPending} error={order.error} label="the order">
        {order.data && (
          <>
            <h1 className="text-2xl font-extrabold text-stone-900">Order {order.data.order.orderNumber}</h1>
            <div className="flex flex-wrap items-center gap-3">
              <Link
                to={`/admin/orders/${order.data.order.id}/packing-slip`}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Packing slip
              </Link>
            </div>
            <DeliveryChoiceNote delivery={order.data.order.delivery} />
            <GiftNote gift={order.data.order.gift} />
            <ShipmentPanel detail={order.data} />
            <OrderStatusControls detail={order.data} />
            <OrderSummary
              detail={order.data}
              addressChange={
                <>
                  {order.data.order.pendingAddressChange && (
                    <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                      A change of address to {order.data.order.pendingAddressChange.address.city}{' '}
                      {order.data.order.pendingAddressChange.address.postalCode} waits for the customer to pay{' '}
                      {formatInr(order.data.order.pendingAddressChange.difference)} more for delivery.
                    </p>
                  )}
                  {order.data.order.addressEditable && (
                    <OrderAddressChange
                      address={order.data.order.shippingAddress}
                      who="owner"
                      save={async (change) => ({
                        awaitingPayment: Boolean(
                          (await changeAddress.mutateAsync(change)).order.pendingAddressChange,
                        ),
                      })}
                      {...(order.data.order.delivery
                        ? {
                            delivery: {
                              current: pickOfChoice(order.data.order.delivery),
                              ChoiceAt: DeliveryChoiceAt,
                            },
                          }
                        : {})}
                    />
                  )}
                </>
              }
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
