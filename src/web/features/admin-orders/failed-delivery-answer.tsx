import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FailedDelivery, OwnerDeliveryAction, ShipmentState } from '../../../shared/api/courier';
import { formatIndiaDateTime, formatIndiaDay } from '../../../shared/india-time';
import { apiRequest } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';

const checkReattempt = checksOnFirstUse(
  () => import('./failed-delivery-checks'),
  (checks) => checks.checkReattempt,
);

/**
 * Decision 0065: the owner's answer to a failed delivery is the courier's NDR action: a new
 * attempt on a date, with a landmark, a corrected address or a phone if they have one, or the
 * parcel back to the store. Sent once per failed attempt; the courier's answer is the page's.
 */
export function FailedDeliveryAnswer({
  orderId,
  failed,
  onAnswered,
}: {
  orderId: string;
  failed: FailedDelivery;
  onAnswered(state: ShipmentState): void;
}) {
  const id = useId();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkReattempt,
    defaultValues: { date: failed.earliestDate, landmark: '', address: '', phone: '' },
  });
  const errors = formState.errors;
  const [confirmingReturn, setConfirmingReturn] = useState(false);
  const send = useMutation({
    mutationFn: (body: OwnerDeliveryAction) =>
      apiRequest<ShipmentState>(`/admin/orders/${encodeURIComponent(orderId)}/shipment/failed-delivery`, {
        method: 'POST',
        body,
      }),
    onSuccess: onAnswered,
  });
  const reattempt = handleSubmit((answer) => send.mutate({ action: 'reattempt', ...answer }));
  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3">
      <h3 id={`${id}-title`} className="font-bold text-stone-900">
        Delivery failed: answer the courier
      </h3>
      <p className="mt-1 text-sm text-stone-800">
        <span className="font-semibold">{failed.reason}</span> ({formatIndiaDateTime(failed.at)})
      </p>
      {failed.answer ? (
        <p role="status" className="mt-2 text-sm text-stone-800">
          The courier has the answer: {failed.answer}.
        </p>
      ) : (
        <>
          <form onSubmit={reattempt} onFocus={checkReattempt.preload} className="mt-2 space-y-2" noValidate>
            {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
            <div>
              <FormField
                label="New attempt on"
                type="date"
                min={failed.earliestDate}
                max={failed.latestDate}
                required
                aria-describedby={`${id}-date-hint`}
                error={errors.date?.message}
                {...register('date')}
              />
              <p id={`${id}-date-hint`} className="text-sm text-stone-600">
                {formatIndiaDay(failed.earliestDate)} to {formatIndiaDay(failed.latestDate)}
              </p>
            </div>
            <FormField
              label="Landmark (optional)"
              maxLength={120}
              error={errors.landmark?.message}
              {...register('landmark')}
            />
            <FormField
              label="Corrected address (optional)"
              maxLength={240}
              autoComplete="off"
              error={errors.address?.message}
              {...register('address')}
            />
            <FormField
              label="Corrected phone (optional)"
              type="tel"
              inputMode="tel"
              maxLength={20}
              autoComplete="off"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={send.isPending}>
                Ask for a new attempt
              </Button>
              <Button
                type="button"
                variant="danger"
                disabled={send.isPending}
                onClick={() => setConfirmingReturn(true)}
              >
                Return to the store
              </Button>
            </div>
          </form>
          {confirmingReturn && (
            <div role="alertdialog" aria-labelledby={`${id}-return`} className="mt-2 rounded-lg bg-white p-3">
              <p id={`${id}-return`} className="text-sm text-stone-800">
                The courier brings the parcel back to the store and will not try again. A prepaid order is
                refunded once you check the parcel in.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setConfirmingReturn(false)}>
                  Keep trying
                </Button>
                <Button
                  variant="danger"
                  disabled={send.isPending}
                  onClick={() => send.mutate({ action: 'return' })}
                >
                  Yes, return it to the store
                </Button>
              </div>
            </div>
          )}
        </>
      )}
      {send.error && (
        <div className="mt-2">
          <ErrorBanner>{errorMessage(send.error)}</ErrorBanner>
        </div>
      )}
    </section>
  );
}
