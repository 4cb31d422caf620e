import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { GiftLinkView } from '../../shared/api/gift-links';
import type { DeliveryChoice, DeliveryChoiceRecord } from '../../shared/delivery-dates';
import { deliveryChoiceText } from '../../shared/delivery-slot-rules';
import { GIFT_THANKS_NOTE_MAX } from '../../shared/gift-links';
import { ApiError } from '../api/client';
import { Button, buttonClass } from '../components/button';
import { FilePicker } from '../components/file-picker';
import { FormField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, InfoBanner, Spinner } from '../components/status-message';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { offeredChoice, useDeliveryDates } from '../features/delivery-dates/delivery-dates-api';
import {
  placeOfPincode,
  useAnswerGiftLink,
  useGiftLink,
  useThankSender,
} from '../features/gift-links/gift-links-api';

// Decision 0081: the page a gift link opens. No account, ever: the link's token is enough. The
// recipient types the address pincode first, picks a day and slot the sender allowed, and
// confirms, or declines. Never a price.

const readMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

type AddressFields = {
  postalCode: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  fullName: string;
  phone: string;
};

function AnswerForm({ token, gift }: { token: string; gift: GiftLinkView }) {
  const { accept, decline } = useAnswerGiftLink(token);
  const [fields, setFields] = useState<AddressFields>({
    postalCode: '',
    address: '',
    landmark: '',
    city: '',
    state: '',
    fullName: gift.recipientName,
    phone: '',
  });
  const [choice, setChoice] = useState<DeliveryChoice | null>(null);
  const [declining, setDeclining] = useState(false);
  const pincode = /^\d{6}$/.test(fields.postalCode) ? fields.postalCode : null;
  const dates = useDeliveryDates(pincode);
  // Only the slots the sender allowed, and no price: the gift is paid for.
  const offer = dates.data && {
    ...dates.data,
    dates: dates.data.dates.map((option) => ({
      ...option,
      slots: option.slots
        .filter((slot) => gift.allowedSlots.some((allowed) => allowed === slot.slot))
        .map((slot) => ({ ...slot, fee: 0 })),
    })),
  };
  const chosen: DeliveryChoiceRecord | null = offeredChoice(choice, offer);
  const set = (key: keyof AddressFields) => (value: string) => setFields((now) => ({ ...now, [key]: value }));

  const typePincode = async (value: string) => {
    set('postalCode')(value);
    if (!/^\d{6}$/.test(value)) return;
    try {
      const place = await placeOfPincode(value);
      setFields((now) => ({ ...now, city: place.city, state: place.state ?? now.state }));
    } catch {
      // An unknown pincode leaves the city for the recipient to type; confirming says if it is served.
    }
  };
  const fieldError = (path: string) =>
    accept.error instanceof ApiError
      ? accept.error.errors.find((error) => error.path.startsWith(path))?.message
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    accept.mutate({
      address: {
        fullName: fields.fullName,
        address: fields.address,
        city: fields.city,
        ...(fields.state ? { state: fields.state } : {}),
        postalCode: fields.postalCode,
        phone: fields.phone,
      },
      ...(fields.landmark ? { landmark: fields.landmark } : {}),
      delivery: { date: chosen.date, slot: chosen.slot },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Where and when to deliver" className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-stone-900">Where should we deliver it?</h2>
      <FormField
        label="Pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        required
        maxLength={6}
        value={fields.postalCode}
        error={fieldError('address')}
        onChange={(event) => void typePincode(event.target.value.trim())}
      />
      <FormField
        label="House, flat, building and street"
        autoComplete="street-address"
        required
        maxLength={200}
        value={fields.address}
        onChange={(event) => set('address')(event.target.value)}
      />
      <FormField
        label="Landmark (optional)"
        maxLength={200}
        value={fields.landmark}
        onChange={(event) => set('landmark')(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="City"
          autoComplete="address-level2"
          required
          maxLength={100}
          value={fields.city}
          onChange={(event) => set('city')(event.target.value)}
        />
        <FormField
          label="State"
          autoComplete="address-level1"
          maxLength={100}
          value={fields.state}
          onChange={(event) => set('state')(event.target.value)}
        />
      </div>
      <FormField
        label="Your name"
        autoComplete="name"
        required
        maxLength={100}
        value={fields.fullName}
        onChange={(event) => set('fullName')(event.target.value)}
      />
      <FormField
        label="Your mobile number (for the courier)"
        type="tel"
        autoComplete="tel"
        required
        maxLength={20}
        value={fields.phone}
        onChange={(event) => set('phone')(event.target.value)}
      />
      <DeliveryDatePicker
        title="When should it arrive?"
        pincode={pincode}
        hasPreOrder={false}
        lookup={{ ...dates, data: offer }}
        value={chosen}
        onChange={setChoice}
      />
      {accept.error && <ErrorBanner>{readMessage(accept.error)}</ErrorBanner>}
      <Button type="submit" disabled={accept.isPending || !chosen}>
        {accept.isPending ? 'Confirming…' : 'Confirm delivery'}
      </Button>
      <div className="mt-2 border-t border-brand-100 pt-3">
        {declining ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-stone-700">
              Decline the gift? The sender is told and gets their money back.
            </p>
            {decline.error && <ErrorBanner>{readMessage(decline.error)}</ErrorBanner>}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => decline.mutate()} disabled={decline.isPending}>
                Yes, decline
              </Button>
              <Button variant="secondary" onClick={() => setDeclining(false)}>
                Keep the gift
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setDeclining(true)}>
            Decline the gift
          </Button>
        )}
      </div>
    </form>
  );
}

/** After delivery: a note for the sender, and a photo if they like. Nothing else is asked. */
function ThanksForm({ token, gift }: { token: string; gift: GiftLinkView }) {
  const thank = useThankSender(token);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const id = useId();
  if (gift.thanks) {
    return (
      <InfoBanner>
        {gift.thanks.photo || !thank.error
          ? `Your thank-you is on its way to ${gift.senderName}.`
          : `Your note is on its way to ${gift.senderName}; the photo could not be sent.`}
      </InfoBanner>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    thank.mutate({ note: note.trim(), photo });
  };
  return (
    <form onSubmit={submit} aria-label={`Thank ${gift.senderName}`} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-stone-900">Say thank you to {gift.senderName}</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-stone-800">
          Your note
        </label>
        <textarea
          id={`${id}-note`}
          required
          rows={4}
          maxLength={GIFT_THANKS_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base text-stone-900"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-photo`} className="text-sm font-medium text-stone-800">
          A photo (optional)
        </label>
        <FilePicker
          id={`${id}-photo`}
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
      </div>
      {thank.error && <ErrorBanner>{readMessage(thank.error)}</ErrorBanner>}
      <Button type="submit" disabled={thank.isPending || note.trim() === ''}>
        {thank.isPending ? 'Sending…' : 'Send thanks'}
      </Button>
    </form>
  );
}

function GiftCard({ gift }: { gift: GiftLinkView }) {
  return (
    <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <p className="text-xl font-bold text-stone-900">{gift.senderName} sent you a gift.</p>
      {gift.items ? (
        <ul className="mt-3 flex flex-col gap-2">
          {gift.items.map((item) => (
            <li key={item.name} className="flex items-center gap-3">
              <img
                src={item.image}
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 rounded-lg object-cover"
              />
              <span className="text-stone-800">
                {item.name}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-stone-700">It is a surprise: you will see it when it arrives.</p>
      )}
      {gift.message && (
        <blockquote className="mt-3 whitespace-pre-line border-l-4 border-brand-200 pl-3 text-stone-800">
          {gift.message}
        </blockquote>
      )}
    </div>
  );
}

export function GiftLinkPage() {
  const { token = '' } = useParams();
  const gift = useGiftLink(token);
  let body: ReactNode;
  if (gift.isPending) {
    body = (
      <div className="py-16 text-center">
        <Spinner label="Opening your gift" />
      </div>
    );
  } else if (gift.error) {
    body = (
      <EmptyState
        title="This gift link cannot be used"
        action={
          <Link to="/" className={buttonClass('primary')}>
            Go to the store
          </Link>
        }
      >
        {readMessage(gift.error)}
      </EmptyState>
    );
  } else {
    const view = gift.data;
    body = (
      <div className="flex flex-col gap-4">
        <GiftCard gift={view} />
        {view.delivered ? (
          <ThanksForm token={token} gift={view} />
        ) : view.state === 'addressed' && view.delivery ? (
          <InfoBanner>Thank you! Your gift is arriving {deliveryChoiceText(view.delivery)}.</InfoBanner>
        ) : view.state === 'declined' ? (
          <InfoBanner>You declined this gift. The sender gets their money back.</InfoBanner>
        ) : (
          <AnswerForm token={token} gift={view} />
        )}
      </div>
    );
  }
  return (
    <section className="mx-auto max-w-md py-6">
      <PageMeta title="A gift for you" description="Tell us where and when to deliver your gift." />
      <meta name="robots" content="noindex" />
      <h1 className="mb-4 text-2xl font-extrabold text-stone-900">A gift for you</h1>
      {body}
    </section>
  );
}

export { GiftLinkPage as Component };
