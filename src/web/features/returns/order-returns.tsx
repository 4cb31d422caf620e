import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import type { OrderRecord } from '../../../shared/api/orders';
import type { ReturnRecord } from '../../../shared/api/returns';
import { DAY_MS, formatIndiaDate } from '../../../shared/india-time';
import { formatInr } from '../../../shared/money';
import {
  MAX_RETURN_PHOTOS,
  RETURN_KIND_LABELS,
  RETURN_KINDS,
  type ReturnKind,
  refundsDelivery,
  returnWindowDays,
} from '../../../shared/return-rules';
import { ApiError } from '../../api/client';
import { storeSettings } from '../../app-data';
import { Button } from '../../components/button';
import { FilePicker } from '../../components/file-picker';
import { PrivateImage } from '../../components/private-image';
import { ErrorBanner } from '../../components/status-message';
import { requestReturn } from './returns-api';

const STATUS_TEXT: Record<ReturnRecord['status'], string> = {
  requested: 'Return requested: being reviewed',
  approved: 'Return approved',
  rejected: 'Return not approved',
};

function ReturnSummary({ record, ref }: { record: ReturnRecord; ref?: Ref<HTMLLIElement> }) {
  return (
    // Focusable from script only: a request just sent lands here (OrderReturns).
    <li ref={ref} tabIndex={-1} className="rounded-xl border border-brand-100 p-3 text-sm">
      <p className="font-semibold text-stone-900">{STATUS_TEXT[record.status]}</p>
      <p className="text-stone-700">
        {record.items.map((item) => `${item.quantity} x ${item.name}`).join(', ')}
      </p>
      {record.status === 'approved' && record.pickup && !record.receivedAt && (
        // Decision 0066: the courier collects the items; the money follows them.
        <p className="text-stone-700">
          {record.pickup.courier} will collect the items (AWB {record.pickup.awb}).
        </p>
      )}
      {record.status === 'approved' && !record.refundReleasedAt ? (
        <p className="font-semibold text-stone-800">
          {record.refundMethod === 'transfer'
            ? `${formatInr(record.refundAmount)} will be refunded by UPI or bank transfer once the items are back with us and checked`
            : `${formatInr(record.refundAmount)} will be refunded to your original payment method once the items are back with us and checked`}
        </p>
      ) : record.status === 'approved' && record.refundMethod === 'transfer' ? (
        // Decisions 0043 and 0067: a cash on delivery order's refund goes by UPI or bank transfer.
        <p className="font-semibold text-green-800">
          {record.refundPaidAt
            ? `Refunded ${formatInr(record.refundAmount)} by UPI or bank transfer (reference ${record.refundReference ?? ''})`
            : record.payeeGiven
              ? `${formatInr(record.refundAmount)} to be refunded by UPI or bank transfer to the details you gave`
              : `${formatInr(record.refundAmount)} to be refunded by UPI or bank transfer: give us your UPI ID or bank account on the page our message links to`}
        </p>
      ) : record.status === 'approved' ? (
        <p className="font-semibold text-green-800">
          Refunded {formatInr(record.refundAmount)} to your original payment method
        </p>
      ) : record.status === 'requested' ? (
        <p className="text-stone-700">Refund if approved: {formatInr(record.refundAmount)}</p>
      ) : null}
      {record.deliveryRefund > 0 && (
        <p className="text-stone-700">Includes the delivery charges of {formatInr(record.deliveryRefund)}</p>
      )}
      {record.decisionNote && <p className="text-stone-700">{record.decisionNote}</p>}
      {record.photoIds.length > 0 && (
        <div className="mt-2 flex gap-2">
          {record.photoIds.map((photoId, index) => (
            <PrivateImage
              key={photoId}
              path={`/returns/${record.id}/photos/${photoId}`}
              alt={`Return photo ${index + 1}`}
              className="h-20 w-20 rounded-lg object-cover"
            />
          ))}
        </div>
      )}
    </li>
  );
}

/** Until when each kind of return may be asked for: a change of mind 7 days, the store's fault longer. */
function returnDeadlines(order: OrderRecord): Record<ReturnKind, string> | null {
  if (!order.deliveredAt) return null;
  const delivered = new Date(order.deliveredAt).getTime();
  const until = (kind: ReturnKind) =>
    new Date(delivered + returnWindowDays(kind, storeSettings.faultReturnDays) * DAY_MS).toISOString();
  return { changed_mind: until('changed_mind'), faulty: until('faulty'), late: until('late') };
}

function ReturnForm({
  order,
  kinds,
  onDone,
}: {
  order: OrderRecord;
  /** The kinds of return still open (decision 0051). */
  kinds: readonly ReturnKind[];
  /** The request made, or null when it failed (the order may have changed meanwhile). */
  onDone(created: ReturnRecord | null): void;
}) {
  const id = useId();
  const firstField = useRef<HTMLSelectElement>(null);
  // WCAG 2.4.3: the form replaces the "Return items" button that opened it, whose focus would
  // otherwise fall to <body>.
  useEffect(() => firstField.current?.focus(), []);
  const returnable = order.items.filter((item) => item.quantity > item.returnedQuantity);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  // Nothing chosen for the shopper: they say what is wrong.
  const [kind, setKind] = useState<ReturnKind | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const chosen = returnable
    .map((item) => ({ productId: item.product.id, quantity: quantities[item.product.id] ?? 0 }))
    .filter((item) => item.quantity > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true, error: null });
    try {
      if (!kind) return;
      const created = await requestReturn(order.id, { items: chosen, reason, kind }, photos);
      setState({ busy: false, error: null });
      onDone(created);
    } catch (error) {
      setState({
        busy: false,
        error: error instanceof ApiError ? error.message : 'Could not send the request.',
      });
      onDone(null);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Return items" className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-stone-800">Items to return</legend>
        {returnable.map((item, index) => {
          const left = item.quantity - item.returnedQuantity;
          return (
            <label key={item.product.id} className="flex items-center justify-between gap-3 text-sm">
              <span>
                {item.product.name} <span className="text-stone-600">({left} can be returned)</span>
              </span>
              <select
                ref={index === 0 ? firstField : undefined}
                aria-label={`Units of ${item.product.name} to return`}
                value={quantities[item.product.id] ?? 0}
                onChange={(event) =>
                  setQuantities((current) => ({ ...current, [item.product.id]: Number(event.target.value) }))
                }
                className="min-h-11 rounded-lg border border-stone-300 bg-white px-2"
              >
                {Array.from({ length: left + 1 }, (_, index) => `${index}`).map((units) => (
                  <option key={units} value={units}>
                    {units}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-stone-800">What is wrong?</legend>
        {kinds.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-kind`}
              value={value}
              required
              checked={kind === value}
              onChange={() => setKind(value)}
              className="h-5 w-5 accent-brand-700"
            />
            {RETURN_KIND_LABELS[value]}
          </label>
        ))}
        {kind && refundsDelivery(kind) && (
          <p className="text-sm text-stone-700">The delivery charges you paid are refunded too.</p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-800">
          Reason for the return
        </label>
        <textarea
          id={`${id}-reason`}
          required
          minLength={5}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-photos`} className="text-sm font-semibold text-stone-800">
          Photos (optional, up to {MAX_RETURN_PHOTOS})
        </label>
        <FilePicker
          id={`${id}-photos`}
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(event) => setPhotos(Array.from(event.target.files ?? []).slice(0, MAX_RETURN_PHOTOS))}
        />
      </div>
      {state.error && <ErrorBanner>{state.error}</ErrorBanner>}
      <Button type="submit" disabled={state.busy || chosen.length === 0 || !kind} className="self-start">
        {state.busy ? 'Sending...' : 'Request return'}
      </Button>
    </form>
  );
}

/**
 * The order page's returns: each request with its refund, and the form while a window
 * is open (a change of mind 7 days, a defective, damaged, wrong or late item the owner's 30 or
 * more: decision 0051), items are left to return and no request is being reviewed.
 */
export function OrderReturns({
  order,
  now,
  onChanged,
}: {
  order: OrderRecord;
  now: Date;
  onChanged(): void;
}) {
  const [open, setOpen] = useState(false);
  // WCAG 2.4.3: once the order comes back with the request just made, its status takes the place
  // of the form, and focus with it.
  const [sent, setSent] = useState<number | null>(null);
  const sentSummary = useRef<HTMLLIElement>(null);
  const sentShown = sent !== null && order.returns.some((record) => record.id === sent);
  useEffect(() => {
    if (!sentShown) return;
    sentSummary.current?.focus();
    setSent(null);
  }, [sentShown]);
  const deadlines = returnDeadlines(order);
  const openKinds = deadlines ? RETURN_KINDS.filter((kind) => new Date(deadlines[kind]) > now) : [];
  const anyLeft = order.items.some((item) => item.quantity > item.returnedQuantity);
  const reviewing = order.returns.some((record) => record.status === 'requested');
  const canRequest = openKinds.length > 0 && anyLeft && !reviewing;
  if (order.returns.length === 0 && !canRequest) return null;

  return (
    <section
      aria-labelledby="order-returns-title"
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 id="order-returns-title" className="text-lg font-bold text-stone-900">
        Returns
      </h2>
      {order.returns.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2">
          {order.returns.map((record) => (
            <ReturnSummary
              key={record.id}
              record={record}
              {...(record.id === sent ? { ref: sentSummary } : {})}
            />
          ))}
        </ul>
      )}
      {canRequest && (
        <div className="mt-3">
          {deadlines && (
            <ul className="text-sm text-stone-700">
              <li>
                {openKinds.includes('changed_mind')
                  ? `Changed your mind? You can return items until ${formatIndiaDate(deadlines.changed_mind)}.`
                  : `The ${formatIndiaDate(deadlines.changed_mind)} deadline for a change of mind has passed.`}
              </li>
              <li>
                A defective, damaged or wrong item, or a late delivery, until{' '}
                {formatIndiaDate(deadlines.faulty)}, with the delivery charges refunded.
              </li>
            </ul>
          )}
          {open ? (
            <div className="mt-3">
              <ReturnForm
                order={order}
                kinds={openKinds}
                onDone={(created) => {
                  if (created) setSent(created.id);
                  onChanged();
                }}
              />
            </div>
          ) : (
            <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
              Return items
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
