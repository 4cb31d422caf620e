import { useId, useState } from 'react';
import type { OrderEventRecord } from '../../../shared/api/orders';
import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery-rules';
import { formatIndiaDateTime } from '../../../shared/india-time';
import { orderStatusLabel } from '../../../shared/order-status';

/**
 * Decision 0064: a cash on delivery order waiting for its YES is recorded 'confirmed' when placed;
 * that step reads as placed, and only the YES (its own step) reads as confirmed.
 */
const stepLabel = (event: OrderEventRecord) =>
  event.note === COD_CONFIRM_MESSAGES.placedAwaiting
    ? COD_CONFIRM_MESSAGES.placed
    : orderStatusLabel(event.status);

/** The status history of DESIGN 4: every change the order went through, oldest first. */
export function OrderTimeline({ events }: { events: readonly OrderEventRecord[] }) {
  if (events.length === 0) return <p className="text-sm text-stone-600">No status updates yet.</p>;
  const last = events.length - 1;
  return (
    <ol className="relative ml-2 border-l-2 border-brand-200">
      {events.map((event, index) => (
        <li key={`${event.createdAt}-${event.status}-${event.note}`} className="relative pb-4 pl-5 last:pb-0">
          <span
            aria-hidden="true"
            className={`absolute top-1 -left-[7px] h-3 w-3 rounded-full border-2 border-white ${
              index === last ? 'bg-brand-600' : 'bg-brand-200'
            }`}
          />
          <p className="font-semibold text-stone-900">{stepLabel(event)}</p>
          {event.note && <p className="text-sm text-stone-700">{event.note}</p>}
          <p className="text-xs text-stone-500">
            <time dateTime={event.createdAt}>{formatIndiaDateTime(event.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The timeline behind a toggle, for order cards in a list. */
export function ExpandableOrderTimeline({
  events,
  orderNumber,
}: {
  events: readonly OrderEventRecord[];
  orderNumber: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${open ? 'Hide' : 'Show'} status history of order ${orderNumber}`}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        {open ? 'Hide status history' : 'Show status history'}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={panelId} hidden={!open} className="mt-2">
        {open && <OrderTimeline events={events} />}
      </div>
    </div>
  );
}
