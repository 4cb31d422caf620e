import { Link, useParams } from 'react-router';
import { OrderAddressChange } from '../../features/addresses/order-address-change';
import { useAdminOrder, useChangeAdminOrderAddress } from '../../features/admin/admin-api';
import { QueryState } from '../../features/admin/admin-ui';
import { OrderStatusControls, OrderSummary } from '../../features/admin/order-detail-view';
import { ShipmentPanel } from '../../features/admin/shipment-panel';
import { DeliveryChoiceNote } from '../../features/orders/delivery-choice-note';
import { GiftNote } from '../../features/orders/gift-note';

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
                order.data.order.addressEditable && (
                  <OrderAddressChange
                    address={order.data.order.shippingAddress}
                    who="owner"
                    save={changeAddress.mutateAsync}
                  />
                )
              }
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
