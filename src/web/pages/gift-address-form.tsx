import type { ReactNode } from 'react';
import { FormProvider, useController, useFormContext } from 'react-hook-form';
import type { AcceptGiftLinkPayload, GiftLinkSlot } from '../../shared/api/gift-links';
import type { DeliveryChoiceRecord } from '../../shared/delivery-dates';
import { ApiError } from '../api/client';
import { checksOnFirstUse, refusalUnder, useCheckedForm } from '../checked-form';
import { Button } from '../components/button';
import { FormField } from '../components/form-field';
import { ErrorBanner } from '../components/status-message';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { offeredChoice, useDeliveryDates } from '../features/delivery-dates/delivery-dates-api';
import { placeOfPincode } from '../features/gift-links/gift-links-api';
import { type AddressFields, emptyAddress, giftAddressSent } from './gift-address-values';

const readMessage = (error: unknown) =>
  (error instanceof ApiError && error.message) || 'Something went wrong. Please try again.';

const checkGiftAddress = checksOnFirstUse(
  () => import('./gift-address-checks'),
  (checks) => checks.checkGiftAddress,
);

/** A form holding a gift's address under a name (the gift link's `address`, a pool's `shippingAddress`). */
type AddressForm = Record<string, AddressFields>;

/**
 * The address fields as Indians type them (pincode first, the city and State filled in from it, a
 * landmark), the name and phone labelled for who types them. The gift link's address form and the
 * group gift's start page both use them.
 */
export function GiftAddressFields({
  by,
  at,
  refusal,
}: {
  by: keyof typeof WORDS;
  /** Where the form holds the address. */
  at: string;
  /** The server's word on the address, when it refused it. */
  refusal?: string | undefined;
}) {
  const words = WORDS[by];
  // The form's own registration, through its FormProvider: these fields serve two forms.
  const { register, setValue, formState } = useFormContext<AddressForm>();
  const errors = formState.errors[at];
  const field = (key: keyof AddressFields): `${string}.${keyof AddressFields}` => `${at}.${key}`;
  const fillPlace = async (typed: string) => {
    if (!/^\d{6}$/.test(typed)) return;
    try {
      const place = await placeOfPincode(typed);
      setValue(field('city'), place.city);
      if (place.state) setValue(field('state'), place.state);
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
        maxLength={6}
        // The address's own message (fields missing, a pincode or phone it refuses) is said here first.
        error={errors?.postalCode?.message ?? errors?.message ?? refusal}
        {...register(field('postalCode'), {
          setValueAs: (typed: string) => typed.trim(),
          onChange: (event: { target: { value: string } }) => void fillPlace(event.target.value.trim()),
        })}
      />
      <FormField
        label="House, flat, building and street"
        autoComplete="street-address"
        maxLength={200}
        error={errors?.address?.message}
        {...register(field('address'))}
      />
      <FormField
        label="Landmark (optional)"
        maxLength={200}
        error={errors?.landmark?.message}
        {...register(field('landmark'))}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="City"
          autoComplete="address-level2"
          maxLength={100}
          error={errors?.city?.message}
          {...register(field('city'))}
        />
        <FormField
          label="State"
          autoComplete="address-level1"
          maxLength={100}
          error={errors?.state?.message}
          {...register(field('state'))}
        />
      </div>
      <FormField
        label={words.name}
        autoComplete="name"
        maxLength={100}
        error={errors?.fullName?.message}
        {...register(field('fullName'))}
      />
      <FormField
        label={words.phone}
        type="tel"
        autoComplete="tel"
        maxLength={20}
        error={errors?.phone?.message}
        {...register(field('phone'))}
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
  const form = useCheckedForm({
    checks: checkGiftAddress,
    defaultValues: { address: emptyAddress(name), delivery: null },
  });
  const { field: delivery } = useController({ control: form.control, name: 'delivery' });
  const choice = delivery.value;
  const postalCode = form.watch('address.postalCode');
  const pincode = /^\d{6}$/.test(postalCode) ? postalCode : null;
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

  const submit = form.handleSubmit((values) => {
    if (!chosen) return;
    onSubmit({
      ...giftAddressSent(values),
      // A timed slot's window as picked (decision 0090): the server checks it for the pincode.
      delivery: {
        date: chosen.date,
        slot: chosen.slot,
        ...(choice?.slotId === undefined ? {} : { slotId: choice.slotId }),
        ...(choice?.windowStart === undefined ? {} : { windowStart: choice.windowStart }),
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        onFocus={checkGiftAddress.preload}
        noValidate
        aria-label={words.label}
        className="flex flex-col gap-3"
      >
        <h2 className="text-lg font-bold text-stone-900">{words.heading}</h2>
        <GiftAddressFields by={by} at="address" refusal={refusalUnder(error, 'address')} />
        <DeliveryDatePicker
          title="When should it arrive?"
          pincode={pincode}
          hasPreOrder={false}
          lookup={{ ...dates, data: offer }}
          value={chosen}
          onChange={delivery.onChange}
        />
        {form.formState.errors.root && <ErrorBanner>{form.formState.errors.root.message}</ErrorBanner>}
        {error !== null && error !== undefined && <ErrorBanner>{readMessage(error)}</ErrorBanner>}
        <Button type="submit" disabled={pending || !chosen}>
          {pending ? 'Confirming…' : words.submit}
        </Button>
        {children}
      </form>
    </FormProvider>
  );
}
