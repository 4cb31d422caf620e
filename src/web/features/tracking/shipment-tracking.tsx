import type { TrackedOrder } from '../../../shared/api/courier';
import { formatIndiaDateTime, formatIndiaDay } from '../../../shared/india-time';
import { orderStatusLabel } from '../../../shared/order-status';

// DESIGN 4's statuses before the parcel leaves the store (the courier's booking walks to packed).
const BEFORE_SHIPPING = new Set(['pending', 'paid', 'confirmed', 'processing', 'packed']);

/**
 * Why an order has no scans, or null when nothing true can be said. An order the store moved on
 * by hand (shipped, delivered, without the courier) has no scans at all: the status above says
 * where it is, and nothing about the courier may contradict it.
 */
function withoutScans({ status, awb }: TrackedOrder): string | null {
  if (BEFORE_SHIPPING.has(status)) {
    return awb
      ? 'The courier has not scanned the parcel yet.'
      : 'Your order has not been handed to the courier yet.';
  }
  if (awb && (status === 'shipped' || status === 'out_for_delivery')) {
    return 'The courier has not scanned the parcel yet.';
  }
  return null;
}

/** Courier, AWB, expected delivery and the scans, newest first, in India time. */
export function ShipmentTracking({
  order,
  showStatus = false,
}: {
  order: TrackedOrder;
  showStatus?: boolean;
}) {
  const scans = [...order.events].reverse();
  const waitingText = withoutScans(order);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {showStatus && (
          <>
            <dt className="font-semibold text-stone-700">Status</dt>
            <dd>{orderStatusLabel(order.status)}</dd>
          </>
        )}
        {order.courier && (
          <>
            <dt className="font-semibold text-stone-700">Courier</dt>
            <dd>{order.courier}</dd>
          </>
        )}
        {order.awb && (
          <>
            <dt className="font-semibold text-stone-700">AWB</dt>
            <dd className="font-mono">{order.awb}</dd>
          </>
        )}
        {order.expectedDelivery && order.status !== 'delivered' && order.status !== 'returned' && (
          <>
            <dt className="font-semibold text-stone-700">Expected delivery</dt>
            <dd>{formatIndiaDay(order.expectedDelivery)}</dd>
          </>
        )}
      </dl>
      {scans.length === 0 ? (
        waitingText && <p className="text-sm text-stone-600">{waitingText}</p>
      ) : (
        <ol aria-label="Tracking updates" className="relative ml-2 border-l-2 border-brand-200">
          {scans.map((scan, index) => (
            <li key={`${scan.at}-${scan.kind}`} className="relative pb-4 pl-5 last:pb-0">
              <span
                aria-hidden="true"
                className={`absolute top-1 -left-[7px] h-3 w-3 rounded-full border-2 border-white ${
                  index === 0 ? 'bg-brand-600' : 'bg-brand-200'
                }`}
              />
              <p className="font-semibold text-stone-900">{scan.label}</p>
              {scan.activity && scan.activity !== scan.label && (
                <p className="text-sm text-stone-700">{scan.activity}</p>
              )}
              <p className="text-xs text-stone-600">
                {scan.location && <span>{scan.location} · </span>}
                <time dateTime={scan.at}>{formatIndiaDateTime(scan.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
