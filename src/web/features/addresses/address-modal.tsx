import { useEffect, useId, useRef } from 'react';
import {
  ADDRESS_LIMITS,
  type AddressForm,
  type CheckoutAddress,
  isValidPostalCode,
  savedAddressToForm,
} from '../../../shared/address-rules';
import { INDIAN_STATES } from '../../../shared/indian-states';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { PINCODE_LENGTH } from '../../../shared/pincode';
import { ApiError, readToken } from '../../api/client';
import { checksOnFirstUse, useCheckedForm } from '../../checked-form';
import { Button } from '../../components/button';
import { FormField, SelectField, TextAreaField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';
import { ADDRESS_MESSAGES, addressErrorMessage, isSessionExpired } from './address-errors';
import { type FilledPlace, fillFromPincode, lookUpPincodePlace, NOTHING_FILLED } from './pincode-autofill';
import { useAddressMutations } from './use-addresses';

// The server's rules for an address (address-checks.ts) load at the form's first focus (decision 0088).
const checkAddress = checksOnFirstUse(
  () => import('./address-checks'),
  (checks) => checks.checkAddress,
);

type AddressValues = Required<AddressForm>;

const EMPTY: AddressValues = { fullName: '', address: '', city: '', state: '', postalCode: '', phone: '' };

const formOf = (address: AddressForm): AddressValues => ({
  fullName: address.fullName,
  address: address.address,
  city: address.city,
  state: address.state ?? '',
  postalCode: address.postalCode,
  phone: address.phone,
});

/**
 * Where the form goes instead of the address book: decision 0066's change of an order's delivery
 * address, with the modal's own title, button and failure words.
 */
export type AddressDestination = {
  /** The address as it stands, which the form starts from. */
  address: AddressForm;
  title: string;
  subtitle: string;
  submitLabel: string;
  /** Rejects with the server's refusal, which the modal shows through `failed`. */
  save(form: AddressForm): Promise<void>;
  failed(detail: string): string;
};

/**
 * SPEC 2 "Address modal (add or edit)" with SPEC 5's modal rules. Saves through the API itself and
 * hands the saved address (checkout shape) to `onSaved`, or to `destination` when one is given.
 */
export function AddressModal({
  isOpen,
  onClose,
  address = null,
  onSaved,
  lookUpPlace = lookUpPincodePlace,
  verifiedPhone = null,
  destination,
}: {
  isOpen: boolean;
  onClose(): void;
  /** The address being edited; none to add a new one. */
  address?: CheckoutAddress | null;
  onSaved?(saved: CheckoutAddress): void;
  /** Where City and State come from once the pincode has 6 digits (the store's directory). */
  lookUpPlace?: typeof lookUpPincodePlace;
  /** Decision 0032: the shopper's verified mobile number, which a new address starts with. */
  verifiedPhone?: string | null | undefined;
  destination?: AddressDestination;
}) {
  const current = destination?.address ?? address;
  const editing = current !== null;
  const blank: AddressValues = { ...EMPTY, phone: verifiedPhone ?? '' };
  // SPEC 5: one message for the whole form, in the red box; editing a field clears it, and the
  // form is checked again at the next save.
  const { register, handleSubmit, formState, reset, watch, getValues, setValue, setError, clearErrors } =
    useCheckedForm({
      checks: checkAddress,
      defaultValues: current ? formOf(current) : blank,
      reValidateMode: 'onSubmit',
    });
  const { save } = useAddressMutations();
  const ids = useId();
  // What the last pincode lookup wrote into City and State, so a later one replaces only that.
  const autofilled = useRef<FilledPlace>(NOTHING_FILLED);

  // A different address to edit fills the form (none: an empty one). Compared by value, so a parent that maps its
  // addresses on every render does not wipe what the shopper is typing.
  const editingKey = current
    ? JSON.stringify({ id: address?.id, ...formOf(current) })
    : `new:${verifiedPhone ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: editingKey stands for address by value
  useEffect(() => {
    reset(current ? formOf(current) : blank);
    autofilled.current = NOTHING_FILLED;
  }, [editingKey]);

  // City and State fill in from the pincode directory as the sixth digit is typed (and,
  // for an address saved before the State existed, when it is opened); both stay editable.
  const postalCode = watch('postalCode');
  useEffect(() => {
    if (!isOpen || !isValidPostalCode(postalCode)) return;
    let current = true;
    void lookUpPlace(postalCode.trim()).then((place) => {
      if (!current || !place) return;
      const previous = autofilled.current;
      autofilled.current = { city: place.city, state: place.state };
      const filled = fillFromPincode(getValues(), place, previous);
      setValue('city', filled.city);
      setValue('state', filled.state ?? '');
    });
    return () => {
      current = false;
    };
  }, [isOpen, postalCode, lookUpPlace, getValues, setValue]);

  const close = () => {
    // SPEC 2: closing resets the form unless editing.
    if (!editing) {
      reset(blank);
      autofilled.current = NOTHING_FILLED;
    }
    clearErrors();
    onClose();
  };

  const submit = handleSubmit(async (form) => {
    if (!readToken()) {
      setError('root', { message: ADDRESS_MESSAGES.loginToSave });
      return;
    }
    if (destination) {
      try {
        await destination.save(form);
        onClose();
      } catch (failure) {
        if (isSessionExpired(failure)) return;
        setError('root', { message: destination.failed(addressErrorMessage(failure)) });
      }
      return;
    }
    try {
      const saved = await save(form, address);
      if (!editing) {
        reset(blank);
        autofilled.current = NOTHING_FILLED;
      }
      onSaved?.(savedAddressToForm(saved));
      onClose();
    } catch (failure) {
      // A 401 has already sent the shopper to the login page.
      if (isSessionExpired(failure)) return;
      setError('root', {
        message:
          failure instanceof ApiError
            ? ADDRESS_MESSAGES.saveFailed(addressErrorMessage(failure))
            : ADDRESS_MESSAGES.saveFailedRetry,
      });
    }
  });
  const errors = formState.errors;
  const state = watch('state');

  const field = (name: keyof AddressForm) => `${ids}-${name}`;
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={destination?.title ?? (editing ? 'Edit Address' : 'Add New Address')}
      subtitle={destination?.subtitle ?? 'Please fill in your delivery address details'}
    >
      <form
        onSubmit={submit}
        onFocus={checkAddress.preload}
        onChange={() => clearErrors()}
        noValidate
        className="flex flex-col gap-3"
      >
        {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
        <FormField
          id={field('fullName')}
          label="Full Name"
          autoComplete="name"
          maxLength={ADDRESS_LIMITS.fullName}
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextAreaField
          id={field('address')}
          label="Address"
          className="min-h-20"
          rows={3}
          autoComplete="street-address"
          placeholder="House no., street, area, landmark"
          // The modal saves the whole address as the saved address's first line.
          maxLength={ADDRESS_LIMITS.addressLine}
          error={errors.address?.message}
          {...register('address')}
        />
        <div className="grid grid-cols-2 gap-3">
          <FormField
            id={field('city')}
            label="City"
            autoComplete="address-level2"
            maxLength={ADDRESS_LIMITS.city}
            error={errors.city?.message}
            {...register('city')}
          />
          <FormField
            id={field('postalCode')}
            label="Postal Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={PINCODE_LENGTH}
            error={errors.postalCode?.message}
            {...register('postalCode')}
          />
        </div>
        <SelectField
          id={field('state')}
          label="State"
          autoComplete="address-level1"
          options={[
            { value: '', label: 'Select state' },
            // A State saved by another client under a name not in the list still shows.
            ...(state && !(INDIAN_STATES as readonly string[]).includes(state)
              ? [{ value: state, label: state }]
              : []),
            ...INDIAN_STATES.map((name) => ({ value: name, label: name })),
          ]}
          error={errors.state?.message}
          {...register('state')}
        />
        <FormField
          id={field('phone')}
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="10-digit mobile number"
          maxLength={PHONE_INPUT_MAX}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="mt-2 flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={formState.isSubmitting}>
            {formState.isSubmitting
              ? 'Saving...'
              : (destination?.submitLabel ?? (editing ? 'Update Address' : 'Save Address'))}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
