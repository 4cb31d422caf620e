import { type Ref, useEffect, useRef, useState } from 'react';
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
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { Field, FilePicker, RadioGroupField, SelectField, TextAreaField } from '../../components/form-field';
import { PrivateImage } from '../../components/private-image';
import { ErrorBanner } from '../../components/status-message';
import { requestReturn } from './returns-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkReturn = checksOnFirstUse(
  () => import('./returns-checks'),
  (checks) => checks.checkReturn,
);

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
  const returnable = order.items.filter((item) => item.quantity > item.returnedQuantity);
  // Nothing chosen for the shopper: no units, no kind; they say what is wrong.
  const { register, handleSubmit, formState, watch, setFocus } = useCheckedForm({
    checks: checkReturn,
    defaultValues: {
      items: returnable.map((item) => ({ productId: item.product.id, quantity: '0' })),
      kind: null,
      reason: '',
      photos: null,
    },
  });
  const errors = formState.errors;
  // WCAG 2.4.3: the form replaces the "Return items" button that opened it, whose focus would
  // otherwise fall to <body>.
  useEffect(() => setFocus('items.0.quantity'), [setFocus]);
  const kind = watch('kind');
  const anyChosen = watch('items').some((item) => Number(item.quantity) > 0);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = handleSubmit(async ({ photos, ...request }) => {
    setRefusal(null);
    try {
      onDone(await requestReturn(order.id, request, photos));
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : 'Could not send the request.');
      onDone(null);
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={checkReturn.preload}
      noValidate
      aria-label="Return items"
      className="flex flex-col gap-3"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-stone-800">Items to return</legend>
        {returnable.map((item, index) => {
          const left = item.quantity - item.returnedQuantity;
          return (
            <SelectField
              key={item.product.id}
              label={`${item.product.name} (${left} can be returned)`}
              aria-label={`Units of ${item.product.name} to return`}
              options={Array.from({ length: left + 1 }, (_, units) => ({
                value: `${units}`,
                label: `${units}`,
              }))}
              {...register(`items.${index}.quantity`)}
            />
          );
        })}
        {errors.items?.message && <p className="text-sm text-red-700">{errors.items.message}</p>}
      </fieldset>
      <RadioGroupField
        legend="What is wrong?"
        options={kinds.map((value) => ({ value, label: RETURN_KIND_LABELS[value] }))}
        error={errors.kind?.message}
        {...register('kind')}
      />
      {kind && refundsDelivery(kind) && (
        <p className="text-sm text-stone-700">The delivery charges you paid are refunded too.</p>
      )}
      <TextAreaField
        label="Reason for the return"
        required
        minLength={5}
        maxLength={500}
        rows={3}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <Field
        id={undefined}
        label={`Photos (optional, up to ${MAX_RETURN_PHOTOS})`}
        error={errors.photos?.message}
      >
        {(control) => (
          <FilePicker
            accept="image/jpeg,image/png,image/webp"
            multiple
            {...register('photos')}
            {...control}
          />
        )}
      </Field>
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {refusal && <ErrorBanner>{refusal}</ErrorBanner>}
      <Button type="submit" disabled={formState.isSubmitting || !anyChosen || !kind} className="self-start">
        {formState.isSubmitting ? 'Sending...' : 'Request return'}
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
