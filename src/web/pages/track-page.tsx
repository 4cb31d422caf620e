import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TRACK_PAGE } from '../../shared/courier-events';
import { ApiError } from '../api/client';
import { Button } from '../components/button';
import { FormField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { ErrorBanner } from '../components/status-message';
import { ShipmentTracking } from '../features/tracking/shipment-tracking';
import { useTrackOrder } from '../features/tracking/tracking-api';

const ORDER_NUMBER_MAX = 32;

/** Anyone with the order number and its phone or e-mail (a gift's recipient too) follows the parcel. */
export function TrackPage() {
  // A message's link names the order; the shopper types the phone or e-mail, which no link holds.
  const [searchParams] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState(
    () => searchParams.get(TRACK_PAGE.orderNumberParam)?.trim().slice(0, ORDER_NUMBER_MAX) ?? '',
  );
  const [contact, setContact] = useState('');
  const track = useTrackOrder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    track.mutate({ orderNumber: orderNumber.trim(), contact: contact.trim() });
  };
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
        className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
      >
        <FormField
          label="Order number"
          name="orderNumber"
          required
          maxLength={ORDER_NUMBER_MAX}
          autoComplete="off"
          value={orderNumber}
          onChange={(event) => setOrderNumber(event.target.value)}
        />
        <FormField
          label="Phone or e-mail on the order"
          name="contact"
          required
          maxLength={254}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
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
