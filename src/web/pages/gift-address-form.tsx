import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useState } from 'react';
import { addressWithLandmark } from '../../shared/address-rules';
import type { AcceptGiftLinkPayload, GiftLinkSlot } from '../../shared/api/gift-links';
import type { DeliveryChoice, DeliveryChoiceRecord } from '../../shared/delivery-dates';
import { ApiError } from '../api/client';
import { Button } from '../components/button';
import { FormField } from '../components/form-field';
import { ErrorBanner } from '../components/status-message';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { offeredChoice, useDeliveryDates } from '../features/delivery-dates/delivery-dates-api';
import { placeOfPincode } from '../features/gift-links/gift-links-api';

const readMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

/** A gift's delivery address as typed: pincode first, a landmark, the recipient's name and phone. */
export type AddressFields = {
  postalCode: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  fullName: string;
  phone: string;
};

export const emptyAddress = (fullName = ''): AddressFields => ({
  postalCode: '',
  address: '',
  landmark: '',
  city: '',
  state: '',
  fullName,
  phone: '',
});

/** The address as the API takes it, the landmark folded in as the gift link's answer is. */
export const shippingAddressOf = (fields: AddressFields) => ({
  fullName: fields.fullName,
  address: addressWithLandmark(fields.address, fields.landmark),
  city: fields.city,
  ...(fields.state ? { state: fields.state } : {}),
  postalCode: fields.postalCode,
  phone: fields.phone,
});

/**
 * The address fields as Indians type them (pincode first, the city and State filled in from it, a
 * landmark), the name and phone labelled for who types them. The gift link's address form and the
 * group gift's start page both use them.
 */
export function GiftAddressFields({
  by,
  value,
  onChange,
  errorOf = () => undefined,
}: {
  by: keyof typeof WORDS;
  value: AddressFields;
  onChange: Dispatch<SetStateAction<AddressFields>>;
  /** The server's word on a field, if it refused one. */
  errorOf?: (field: keyof AddressFields) => string | undefined;
}) {
  const words = WORDS[by];
  const set = (key: keyof AddressFields) => (typed: string) => onChange((now) => ({ ...now, [key]: typed }));
  const typePincode = async (typed: string) => {
    set('postalCode')(typed);
    if (!/^\d{6}$/.test(typed)) return;
    try {
      const place = await placeOfPincode(typed);
      onChange((now) => ({ ...now, city: place.city, state: place.state ?? now.state }));
    } catch {
      // An unknown pincode leaves the city to be typed; the server says whether it is served.
    }
  };
  return (
    <>
      <FormField
        label="Pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        required
        maxLength={6}
        value={value.postalCode}
        error={errorOf('postalCode')}
        onChange={(event) => void typePincode(event.target.value.trim())}
      />
      <FormField
        label="House, flat, building and street"
        autoComplete="street-address"
        required
        maxLength={200}
        value={value.address}
        error={errorOf('address')}
        onChange={(event) => set('address')(event.target.value)}
      />
      <FormField
        label="Landmark (optional)"
        maxLength={200}
        value={value.landmark}
        onChange={(event) => set('landmark')(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="City"
          autoComplete="address-level2"
          required
          maxLength={100}
          value={value.city}
          error={errorOf('city')}
          onChange={(event) => set('city')(event.target.value)}
        />
        <FormField
          label="State"
          autoComplete="address-level1"
          maxLength={100}
          value={value.state}
          onChange={(event) => set('state')(event.target.value)}
        />
      </div>
      <FormField
        label={words.name}
        autoComplete="name"
        required
        maxLength={100}
        value={value.fullName}
        error={errorOf('fullName')}
        onChange={(event) => set('fullName')(event.target.value)}
      />
      <FormField
        label={words.phone}
        type="tel"
        autoComplete="tel"
        required
        maxLength={20}
        value={value.phone}
        error={errorOf('phone')}
        onChange={(event) => set('phone')(event.target.value)}
      />
    </>
  );
}

/** The words of the form as each side reads it. */
const WORDS = {
  recipient: {
    label: 'Where and when to deliver',
    heading: 'Where should we deliver it?',
    name: 'Your name',
    phone: 'Your mobile number (for the courier)',
    submit: 'Confirm delivery',
  },
  sender: {
    label: 'Give the address yourself',
    heading: 'Or give the address yourself',
    name: 'Recipient’s name',
    phone: 'Recipient’s mobile number (for the courier)',
    submit: 'Deliver to this address',
  },
} as const;

/**
 * Decision 0081: a gift link's address as Indians type it (pincode first, the city and State filled
 * in from it, a landmark), and a day and slot the sender allowed, with no price: the gift is paid
 * for. The recipient's page uses it, and the sender's order page once the link expired.
 */
export function GiftAddressForm({
  by,
  allowedSlots,
  name,
  pending,
  error,
  onSubmit,
  children,
}: {
  /** Who types it: the recipient on their page, or the sender once the link expired. */
  by: keyof typeof WORDS;
  allowedSlots: readonly GiftLinkSlot[];
  /** The name the form starts with (the recipient's, as the sender gave it). */
  name: string;
  pending: boolean;
  error: unknown;
  onSubmit: (answer: AcceptGiftLinkPayload) => void;
  /** More of the form after the submit button (the recipient's "Decline the gift"). */
  children?: ReactNode;
}) {
  const words = WORDS[by];
  const [fields, setFields] = useState<AddressFields>(emptyAddress(name));
  const [choice, setChoice] = useState<DeliveryChoice | null>(null);
  const pincode = /^\d{6}$/.test(fields.postalCode) ? fields.postalCode : null;
  const dates = useDeliveryDates(pincode);
  // Only the slots the sender allowed, and no price: the gift is paid for.
  const offer = dates.data && {
    ...dates.data,
    dates: dates.data.dates.map((option) => ({
      ...option,
      slots: option.slots
        .filter((slot) => allowedSlots.some((allowed) => allowed === slot.slot))
        .map((slot) => ({ ...slot, fee: 0 })),
    })),
  };
  const chosen: DeliveryChoiceRecord | null = offeredChoice(choice, offer);
  const fieldError = (path: string) =>
    error instanceof ApiError
      ? error.errors.find((error) => error.path.startsWith(path))?.message
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    onSubmit({
      address: {
        fullName: fields.fullName,
        address: fields.address,
        city: fields.city,
        ...(fields.state ? { state: fields.state } : {}),
        postalCode: fields.postalCode,
        phone: fields.phone,
      },
      ...(fields.landmark ? { landmark: fields.landmark } : {}),
      // A timed slot's window as picked (decision 0090): the server checks it for the pincode.
      delivery: {
        date: chosen.date,
        slot: chosen.slot,
        ...(choice?.slotId === undefined ? {} : { slotId: choice.slotId }),
        ...(choice?.windowStart === undefined ? {} : { windowStart: choice.windowStart }),
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label={words.label} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-stone-900">{words.heading}</h2>
      <GiftAddressFields
        by={by}
        value={fields}
        onChange={setFields}
        errorOf={(field) => (field === 'postalCode' ? fieldError('address') : undefined)}
      />
      <DeliveryDatePicker
        title="When should it arrive?"
        pincode={pincode}
        hasPreOrder={false}
        lookup={{ ...dates, data: offer }}
        value={chosen}
        onChange={setChoice}
      />
      {error !== null && error !== undefined && <ErrorBanner>{readMessage(error)}</ErrorBanner>}
      <Button type="submit" disabled={pending || !chosen}>
        {pending ? 'Confirming…' : words.submit}
      </Button>
      {children}
    </form>
  );
}
