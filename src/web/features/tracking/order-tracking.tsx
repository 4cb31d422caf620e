import { type FormEvent, useId, useState } from 'react';
import type { OrderTracking as Tracking } from '../../../shared/api/courier';
import { formatIndiaDay } from '../../../shared/india-time';
import { isValidPhone } from '../../../shared/phone';
import { ApiError } from '../../api/client';
import { Button } from '../../components/button';
import { FormField, TextAreaField } from '../../components/form-field';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { ShipmentTracking } from './shipment-tracking';
import { useAnswerFailedDelivery, useOrderTracking } from './tracking-api';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

/** The order page's "Tracking" section: nothing until the order has a shipment. */
export function OrderTracking({ orderId }: { orderId: string }) {
  const id = useId();
  const query = useOrderTracking(orderId, orderId !== '');
  if (query.isPending) return <Spinner label="Loading tracking" />;
  if (query.isError)
    return <ErrorBanner>We couldn't load the tracking just now. Please reload the page.</ErrorBanner>;
  const tracking = query.data.tracking;
  if (!tracking) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-stone-900">
        Tracking
      </h2>
      {tracking.failedDelivery && <FailedDelivery orderId={orderId} tracking={tracking} />}
      <div className="mt-3">
        <ShipmentTracking order={tracking} />
      </div>
    </section>
  );
}

function FailedDelivery({ orderId, tracking }: { orderId: string; tracking: Tracking }) {
  const failed = tracking.failedDelivery!;
  const [choice, setChoice] = useState<'reattempt' | 'fix_address'>('reattempt');
  const [date, setDate] = useState(failed.earliestDate);
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const answer = useAnswerFailedDelivery(orderId);
  if (failed.answered) {
    return (
      <p role="status" className="mt-2 rounded-lg bg-brand-100 px-3 py-2 text-sm text-brand-800">
        Thank you: the courier has your answer and will try again.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === 'fix_address' && (!address.trim() || !isValidPhone(phone))) {
      setFormError(!address.trim() ? 'Enter the address' : 'Please enter a valid 10-digit phone number');
      return;
    }
    setFormError(null);
    answer.mutate(
      choice === 'reattempt' ? { kind: 'reattempt', date } : { kind: 'fix_address', address, phone },
    );
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="font-semibold text-red-800">The courier could not deliver: {failed.reason}</p>
      <p className="text-sm text-stone-700">
        Tell the courier what to do. Without an answer the parcel comes back to us and we will contact you.
      </p>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold text-stone-800">What should the courier do?</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name="answer"
            checked={choice === 'reattempt'}
            onChange={() => setChoice('reattempt')}
          />
          Choose a new attempt date
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name="answer"
            checked={choice === 'fix_address'}
            onChange={() => setChoice('fix_address')}
          />
          Fix the address and phone
        </label>
      </fieldset>
      {choice === 'reattempt' ? (
        <FormField
          label={`New attempt date (until ${formatIndiaDay(failed.latestDate)})`}
          type="date"
          min={failed.earliestDate}
          max={failed.latestDate}
          value={date}
          required
          onChange={(event) => setDate(event.target.value)}
        />
      ) : (
        <>
          <TextAreaField
            label="Address"
            rows={2}
            maxLength={400}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <FormField
            label="Phone"
            type="tel"
            inputMode="tel"
            maxLength={20}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </>
      )}
      {(formError ?? answer.error) && <ErrorBanner>{formError ?? messageOf(answer.error)}</ErrorBanner>}
      <Button type="submit" disabled={answer.isPending}>
        {answer.isPending ? 'Sending…' : 'Send to the courier'}
      </Button>
    </form>
  );
}
