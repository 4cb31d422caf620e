import { useSearchParams } from 'react-router';
import { TRACK_PAGE } from '../../shared/courier-events';
import { ApiError } from '../api/client';
import { checksOnFirstUse, useCheckedForm } from '../checked-form';
import { Button } from '../components/button';
import { FormField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { ErrorBanner } from '../components/status-message';
import { ShipmentTracking } from '../features/tracking/shipment-tracking';
import { useTrackOrder } from '../features/tracking/tracking-api';

const ORDER_NUMBER_MAX = 32;

// The shared schema, with Zod, loads when the form is first focused or checked (decision 0088).
const checkTrackQuery = checksOnFirstUse(
  () => import('../features/tracking/tracking-checks'),
  (checks) => checks.checkTrackQuery,
);

/** Anyone with the order number and its phone or e-mail (a gift's recipient too) follows the parcel. */
export function TrackPage() {
  // A message's link names the order; the shopper types the phone or e-mail, which no link holds.
  const [searchParams] = useSearchParams();
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: checkTrackQuery,
    defaultValues: {
      orderNumber: searchParams.get(TRACK_PAGE.orderNumberParam)?.trim().slice(0, ORDER_NUMBER_MAX) ?? '',
      contact: '',
    },
  });
  const errors = formState.errors;
  const track = useTrackOrder();
  const submit = handleSubmit((query) => track.mutate(query));
  const error =
    track.error instanceof ApiError && track.error.message
      ? track.error.message
      : track.error
        ? 'We could not look the order up just now. Please try again.'
        : null;
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 py-4">
      <PageMeta
        title={TRACK_PAGE.title}
        description={TRACK_PAGE.description}
        canonicalPath={TRACK_PAGE.path}
      />
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{TRACK_PAGE.title}</h1>
        <p className="mt-2 text-stone-700">
          Enter the order number (like RG-10042) and the phone number or e-mail address on the order.
        </p>
      </div>
      <form
        onSubmit={submit}
        onFocus={checkTrackQuery.preload}
        noValidate
        className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      >
        <FormField
          label="Order number"
          required
          maxLength={ORDER_NUMBER_MAX}
          autoComplete="off"
          error={errors.orderNumber?.message}
          {...register('orderNumber')}
        />
        <FormField
          label="Phone or e-mail on the order"
          required
          maxLength={254}
          error={errors.contact?.message}
          {...register('contact')}
        />
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <Button type="submit" disabled={track.isPending}>
          {track.isPending ? 'Looking…' : 'Track'}
        </Button>
      </form>
      {track.data && (
        <section
          aria-labelledby="tracked-order-title"
          className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
        >
          <h2 id="tracked-order-title" className="text-lg font-bold text-stone-900">
            Order {track.data.order.number}
          </h2>
          <div className="mt-3">
            <ShipmentTracking order={track.data.order} showStatus />
          </div>
        </section>
      )}
    </section>
  );
}

export { TrackPage as Component };
