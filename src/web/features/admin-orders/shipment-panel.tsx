import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import type { Shipment, ShipmentResponse, ShipmentState } from '../../../shared/api/courier';
import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery-rules';
import { formatIndiaDay as formatDate, formatIndiaDateTime } from '../../../shared/india-time';
import type { ParcelSize } from '../../../shared/parcel';
import { ApiError, apiRequest, readToken } from '../../api/client';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/status-message';

// Decisions 0064 and 0065: a failed delivery's answer, a returned parcel's check-in and the booking
// dialog are for a few orders at a time, so each loads when its order needs it; the order page
// stays within its JavaScript budget (scripts/js-budget.ts).
const FailedDeliveryAnswer = lazy(() =>
  import('./failed-delivery-answer').then((module) => ({ default: module.FailedDeliveryAnswer })),
);
const ReturnedParcelPanel = lazy(() =>
  import('./returned-parcel').then((module) => ({ default: module.ReturnedParcelPanel })),
);
const ShipDialog = lazy(() => import('./ship-dialog').then((module) => ({ default: module.ShipDialog })));

// Booking the courier from the back office, printing its label, cancelling before pickup.

const SHIPPABLE = ['paid', 'confirmed', 'processing', 'packed'];
const shipmentKey = (orderId: string) => ['admin', 'shipment', orderId] as const;
const shipmentPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/shipment`;

/**
 * Opens the label PDF in a new tab to print (fetched with the owner's token, which a plain link
 * would not send). The tab is opened first, inside the click, so no pop-up blocker stops it.
 */
async function openLabel(labelUrl: string) {
  const tab = window.open('', '_blank');
  const token = readToken();
  const response = await fetch(labelUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    tab?.close();
    throw new ApiError(response.status, 'The label could not be opened. Please try again.');
  }
  const url = URL.createObjectURL(await response.blob());
  if (tab) tab.location.href = url;
  else window.location.href = url;
}

const STATUS_TEXT: Record<Shipment['status'], string> = {
  booked: 'Booked, waiting for pickup',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempt failed',
  rto_initiated: 'Return to the store started',
  rto_in_transit: 'Returning to the store',
  rto_delivered: 'Returned to the store',
  cancelled: 'Cancelled',
};

export function ShipmentPanel({ detail }: { detail: AdminOrderDetail }) {
  const id = useId();
  const orderId = detail.order.id;
  const client = useQueryClient();
  const shipment = useQuery({
    queryKey: shipmentKey(orderId),
    queryFn: ({ signal }) => apiRequest<ShipmentState>(shipmentPath(orderId), { signal }),
    staleTime: 0,
  });
  const settle = () => {
    void client.invalidateQueries({ queryKey: shipmentKey(orderId) });
    void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    void client.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
  };
  const [dialogOpen, setDialogOpen] = useState(false);
  const book = useMutation({
    mutationFn: (parcel: ParcelSize) =>
      apiRequest<ShipmentResponse>(shipmentPath(orderId), { method: 'POST', body: { parcel } }),
    onSuccess: () => {
      setDialogOpen(false);
      settle();
    },
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest<ShipmentResponse>(shipmentPath(orderId), { method: 'DELETE' }),
    onSuccess: settle,
  });
  const label = useMutation({ mutationFn: openLabel });

  const current = shipment.data?.shipment ?? null;
  const awaitingYes = shipment.data?.awaitingCodYes ?? false;
  const canShip = current === null && SHIPPABLE.includes(detail.order.status) && !awaitingYes;
  const error = cancel.error ?? label.error ?? shipment.error;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-4">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        Shipment
      </h2>
      {shipment.isPending ? (
        <Spinner label="Loading the shipment" />
      ) : current ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-stone-700">Courier</dt>
          <dd>{current.courier}</dd>
          <dt className="font-semibold text-stone-700">AWB</dt>
          <dd className="font-mono">{current.awb}</dd>
          <dt className="font-semibold text-stone-700">Status</dt>
          <dd>{STATUS_TEXT[current.status]}</dd>
          {current.pickupDate && (
            <>
              <dt className="font-semibold text-stone-700">Pickup</dt>
              <dd>{formatDate(current.pickupDate)}</dd>
            </>
          )}
          {current.expectedDelivery && (
            <>
              <dt className="font-semibold text-stone-700">Expected delivery</dt>
              <dd>{formatDate(current.expectedDelivery)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-stone-600">
          {awaitingYes
            ? COD_CONFIRM_MESSAGES.awaitingYes
            : canShip
              ? 'Not shipped yet.'
              : 'Only a paid order that has not shipped yet can be shipped.'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {canShip && (
          <Button
            onClick={() => {
              book.reset();
              setDialogOpen(true);
            }}
          >
            Ship
          </Button>
        )}
        {current && (
          <Button
            variant="secondary"
            disabled={label.isPending}
            onClick={() => label.mutate(current.labelUrl)}
          >
            Print label
          </Button>
        )}
        {current?.status === 'booked' && (
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel shipment
          </Button>
        )}
      </div>
      {shipment.data?.failedDelivery && (
        <Suspense fallback={<Spinner label="Loading the courier's question" />}>
          <FailedDeliveryAnswer
            orderId={orderId}
            failed={shipment.data.failedDelivery}
            onAnswered={(state) => {
              client.setQueryData(shipmentKey(orderId), state);
              settle();
            }}
          />
        </Suspense>
      )}
      {current?.status === 'rto_delivered' && (
        <Suspense fallback={<Spinner label="Loading the returned parcel" />}>
          <ReturnedParcelPanel orderId={orderId} />
        </Suspense>
      )}
      {error && (
        <div className="mt-3">
          <ErrorBanner>{errorMessage(error)}</ErrorBanner>
        </div>
      )}
      {/* Decision 0054: scans the order refused, for the owner to take up with the courier. */}
      {shipment.data && shipment.data.refusedScans.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-stone-900">Courier scans not taken</h3>
          <p className="text-sm text-stone-600">
            The courier reported these after the order had moved past them; the order and its tracking page
            were left as they were.
          </p>
          <ul className="mt-1 divide-y divide-stone-100 text-sm">
            {shipment.data.refusedScans.map((scan) => (
              <li key={`${scan.kind}-${scan.at}`} className="py-1">
                {formatIndiaDateTime(scan.at)} · {scan.label}
                {scan.location ? `, ${scan.location}` : ''}
                {scan.activity ? ` (${scan.activity})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {canShip && shipment.data && dialogOpen && (
        <Suspense fallback={<Spinner label="Loading the parcel form" />}>
          <ShipDialog
            orderNumber={detail.order.orderNumber}
            proposedParcel={shipment.data.proposedParcel}
            isOpen
            isBooking={book.isPending}
            error={book.error ? errorMessage(book.error) : null}
            onClose={() => setDialogOpen(false)}
            onBook={(parcel) => book.mutate(parcel)}
          />
        </Suspense>
      )}
    </section>
  );
}
