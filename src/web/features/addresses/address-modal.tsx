import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ADDRESS_LIMITS,
  type AddressForm,
  type CheckoutAddress,
  isValidPostalCode,
  savedAddressToForm,
  validateAddressForm,
} from '../../../shared/address-rules';
import { INDIAN_STATES } from '../../../shared/indian-states';
import { PHONE_INPUT_MAX } from '../../../shared/phone';
import { PINCODE_LENGTH } from '../../../shared/pincode';
import { ApiError, readToken } from '../../api/client';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { ErrorBanner } from '../../components/status-message';
import { ADDRESS_MESSAGES, addressErrorMessage, isSessionExpired } from './address-errors';
import { type FilledPlace, fillFromPincode, lookUpPincodePlace, NOTHING_FILLED } from './pincode-autofill';
import { useAddressMutations } from './use-addresses';

const EMPTY: AddressForm = { fullName: '', address: '', city: '', state: '', postalCode: '', phone: '' };

const formOf = (address: AddressForm): AddressForm => ({
  fullName: address.fullName,
  address: address.address,
  city: address.city,
  state: address.state ?? '',
  postalCode: address.postalCode,
  phone: address.phone,
});

const inputClass =
  'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600';

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
  const blank: AddressForm = { ...EMPTY, phone: verifiedPhone ?? '' };
  const [form, setForm] = useState<AddressForm>(current ? formOf(current) : blank);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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
    setForm(current ? formOf(current) : blank);
    setError(null);
    autofilled.current = NOTHING_FILLED;
  }, [editingKey]);

  // City and State fill in from the pincode directory as the sixth digit is typed (and,
  // for an address saved before the State existed, when it is opened); both stay editable.
  const { postalCode } = form;
  useEffect(() => {
    if (!isOpen || !isValidPostalCode(postalCode)) return;
    let current = true;
    void lookUpPlace(postalCode.trim()).then((place) => {
      if (!current || !place) return;
      const previous = autofilled.current;
      autofilled.current = { city: place.city, state: place.state };
      setForm((typed) => fillFromPincode(typed, place, previous));
    });
    return () => {
      current = false;
    };
  }, [isOpen, postalCode, lookUpPlace]);

  const close = () => {
    // SPEC 2: closing resets the form unless editing.
    if (!editing) {
      setForm(blank);
      autofilled.current = NOTHING_FILLED;
    }
    setError(null);
    onClose();
  };

  const change =
    (field: keyof AddressForm) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setForm((current) => ({ ...current, [field]: event.target.value }));
      // SPEC 5: editing a field clears the error.
      setError(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!readToken()) {
      setError(ADDRESS_MESSAGES.loginToSave);
      return;
    }
    const problem = validateAddressForm(form);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    if (destination) {
      try {
        await destination.save(form);
        setError(null);
        onClose();
      } catch (failure) {
        if (isSessionExpired(failure)) return;
        setError(destination.failed(addressErrorMessage(failure)));
      } finally {
        setSaving(false);
      }
      return;
    }
    try {
      const saved = await save(form, address);
      if (!editing) {
        setForm(blank);
        autofilled.current = NOTHING_FILLED;
      }
      setError(null);
      onSaved?.(savedAddressToForm(saved));
      onClose();
    } catch (failure) {
      // A 401 has already sent the shopper to the login page.
      if (isSessionExpired(failure)) return;
      setError(
        failure instanceof ApiError
          ? ADDRESS_MESSAGES.saveFailed(addressErrorMessage(failure))
          : ADDRESS_MESSAGES.saveFailedRetry,
      );
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof AddressForm) => `${ids}-${name}`;
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={destination?.title ?? (editing ? 'Edit Address' : 'Add New Address')}
      subtitle={destination?.subtitle ?? 'Please fill in your delivery address details'}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <div className="flex flex-col gap-1">
          <label htmlFor={field('fullName')} className="text-sm font-semibold text-stone-800">
            Full Name
          </label>
          <input
            id={field('fullName')}
            className={inputClass}
            autoComplete="name"
            maxLength={ADDRESS_LIMITS.fullName}
            value={form.fullName}
            onChange={change('fullName')}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={field('address')} className="text-sm font-semibold text-stone-800">
            Address
          </label>
          <textarea
            id={field('address')}
            className={`${inputClass} min-h-20`}
            rows={3}
            autoComplete="street-address"
            placeholder="House no., street, area, landmark"
            // The modal saves the whole address as the saved address's first line.
            maxLength={ADDRESS_LIMITS.addressLine}
            value={form.address}
            onChange={change('address')}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={field('city')} className="text-sm font-semibold text-stone-800">
              City
            </label>
            <input
              id={field('city')}
              className={inputClass}
              autoComplete="address-level2"
              maxLength={ADDRESS_LIMITS.city}
              value={form.city}
              onChange={change('city')}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={field('postalCode')} className="text-sm font-semibold text-stone-800">
              Postal Code
            </label>
            <input
              id={field('postalCode')}
              className={inputClass}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={PINCODE_LENGTH}
              value={form.postalCode}
              onChange={change('postalCode')}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={field('state')} className="text-sm font-semibold text-stone-800">
            State
          </label>
          <select
            id={field('state')}
            className={inputClass}
            autoComplete="address-level1"
            value={form.state ?? ''}
            onChange={change('state')}
          >
            <option value="">Select state</option>
            {/* A State saved by another client under a name not in the list still shows. */}
            {form.state && !(INDIAN_STATES as readonly string[]).includes(form.state) && (
              <option value={form.state}>{form.state}</option>
            )}
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={field('phone')} className="text-sm font-semibold text-stone-800">
            Phone Number
          </label>
          <input
            id={field('phone')}
            className={inputClass}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="10-digit mobile number"
            maxLength={PHONE_INPUT_MAX}
            value={form.phone}
            onChange={change('phone')}
          />
        </div>
        <div className="mt-2 flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={saving}>
            {saving
              ? 'Saving...'
              : (destination?.submitLabel ?? (editing ? 'Update Address' : 'Save Address'))}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
