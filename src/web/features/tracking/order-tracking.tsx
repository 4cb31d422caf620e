import { useId } from 'react';
import type { OrderTracking as Tracking } from '../../../shared/api/courier';
import { formatIndiaDay } from '../../../shared/india-time';
import { ApiError } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField, RadioGroupField, TextAreaField } from '../../components/form-field';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { ShipmentTracking } from './shipment-tracking';
import { useAnswerFailedDelivery, useOrderTracking } from './tracking-api';

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkDeliveryAnswer = checksOnFirstUse(
  () => import('./tracking-checks'),
  (checks) => checks.checkDeliveryAnswer,
);

const COURIER_ANSWERS = [
  { value: 'reattempt', label: 'Choose a new attempt date' },
  { value: 'fix_address', label: 'Fix the address and phone' },
];

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
      {tracking.failedDelivery && <FailedDelivery orderId={orderId} failed={tracking.failedDelivery} />}
      <div className="mt-3">
        <ShipmentTracking order={tracking} />
      </div>
    </section>
  );
}

function FailedDelivery({
  orderId,
  failed,
}: {
  orderId: string;
  failed: NonNullable<Tracking['failedDelivery']>;
}) {
  const answer = useAnswerFailedDelivery(orderId);
  const { register, handleSubmit, formState, watch } = useCheckedForm({
    checks: checkDeliveryAnswer,
    defaultValues: { kind: 'reattempt', date: failed.earliestDate, address: '', phone: '' },
  });
  const errors = formState.errors;
  const choice = watch('kind');
  if (failed.answered) {
    return (
      <p role="status" className="mt-2 rounded-lg bg-brand-100 px-3 py-2 text-sm text-brand-800">
        Thank you: the courier has your answer and will try again.
      </p>
    );
  }
  const submit = handleSubmit((delivery) => answer.mutate(delivery));
  return (
    <form
      onSubmit={submit}
      onFocus={checkDeliveryAnswer.preload}
      noValidate
      className="mt-2 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p className="font-semibold text-red-800">The courier could not deliver: {failed.reason}</p>
      <p className="text-sm text-stone-700">
        Tell the courier what to do. Without an answer the parcel comes back to us and we will contact you.
      </p>
      <RadioGroupField
        legend="What should the courier do?"
        options={COURIER_ANSWERS}
        error={errors.kind?.message}
        {...register('kind')}
      />
      {choice === 'reattempt' ? (
        <FormField
          label={`New attempt date (until ${formatIndiaDay(failed.latestDate)})`}
          type="date"
          min={failed.earliestDate}
          max={failed.latestDate}
          required
          error={errors.date?.message}
          {...register('date')}
        />
      ) : (
        <>
          <TextAreaField
            label="Address"
            rows={2}
            maxLength={400}
            error={errors.address?.message}
            {...register('address')}
          />
          <FormField
            label="Phone"
            type="tel"
            inputMode="tel"
            maxLength={20}
            error={errors.phone?.message}
            {...register('phone')}
          />
        </>
      )}
      {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
      {answer.error && <ErrorBanner>{messageOf(answer.error)}</ErrorBanner>}
      <Button type="submit" disabled={answer.isPending}>
        {answer.isPending ? 'Sending…' : 'Send to the courier'}
      </Button>
    </form>
  );
}
