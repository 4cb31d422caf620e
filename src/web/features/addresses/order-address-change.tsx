import { type ComponentType, lazy, Suspense, useId, useState } from 'react';
import type { AddressForm } from '../../../shared/address';
import type { DeliveryChoice } from '../../../shared/delivery-dates';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/status-message';
import { addressErrorMessage, isSessionExpired } from './address-errors';

// The form loads when it first opens, as at checkout: most orders' pages never change an address,
// and the order pages stay within their JavaScript budget (scripts/js-budget.ts).
const AddressModal = lazy(() =>
  import('./address-modal').then((module) => ({ default: module.AddressModal })),
);

/** Decision 0066: the words of an order's address change, the shopper's or the owner's. */
export const ORDER_ADDRESS_CHANGE = {
  button: 'Change address or phone',
  title: 'Change the delivery address',
  shopperSubtitle:
    'You can change it until your order is handed to the courier. We check the new pincode, your delivery date and the charges again.',
  ownerSubtitle:
    'Until the order is booked with the courier. The new pincode, the delivery date and the charges are checked again; the invoice follows the new State.',
  submit: 'Save new address',
  next: 'Next: delivery date',
  failed: (detail: string) => `The address was not changed: ${detail}`,
  changed: 'Delivery address changed. The change is on the order’s timeline.',
  // Decision 0085: a dearer delivery waits for the customer to pay the difference.
  deliveryTitle: 'Delivery at the new address',
  deliveryHint:
    'Pick a date and time the new pincode can have. A dearer choice is made once the difference is paid.',
  cancel: 'Keep the current address',
  awaitingShopper: 'Your new address costs more for delivery: pay the difference below to make the change.',
  awaitingOwner:
    'The new delivery costs more than was paid: the change waits for the customer to pay the difference from their order page.',
} as const;

/**
 * Decision 0066: "Change address or phone" on an order not yet booked with the courier (the page
 * shows it only while `order.addressEditable`); `save` is the page's own call, the shopper's or the
 * back office's, and rejects with the server's refusal (the pincode in the product page's words).
 * An order with a delivery date gets a second step (decision 0085): the dates and slots the new
 * pincode offers, drawn by the page's `delivery.ChoiceAt`, starting from the order's own.
 */
export function OrderAddressChange({
  address,
  who,
  save,
  delivery,
}: {
  address: AddressForm;
  who: 'shopper' | 'owner';
  save(change: { address: AddressForm; delivery?: DeliveryChoice }): Promise<{ awaitingPayment: boolean }>;
  delivery?: {
    current: DeliveryChoice;
    ChoiceAt: ComponentType<{
      pincode: string;
      value: DeliveryChoice | null;
      onChange(choice: DeliveryChoice | null): void;
    }>;
  };
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<'changed' | 'awaiting' | null>(null);
  // Decision 0085: the new address, held here while its delivery date and slot are chosen.
  const [newAddress, setNewAddress] = useState<AddressForm | null>(null);
  const [choice, setChoice] = useState<DeliveryChoice | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stepTitle = useId();

  const finish = async (change: { address: AddressForm; delivery?: DeliveryChoice }) => {
    const { awaitingPayment } = await save(change);
    setOutcome(awaitingPayment ? 'awaiting' : 'changed');
  };

  const saveWithDelivery = async () => {
    if (!newAddress || !choice) return;
    setSaving(true);
    setError(null);
    try {
      await finish({ address: newAddress, delivery: choice });
      setNewAddress(null);
    } catch (failure) {
      if (!isSessionExpired(failure)) setError(ORDER_ADDRESS_CHANGE.failed(addressErrorMessage(failure)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mt-3 flex flex-col gap-2">
      {outcome && (
        <p
          role="status"
          className={`rounded-lg px-3 py-2 text-sm font-semibold ${
            outcome === 'changed' ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'
          }`}
        >
          {outcome === 'changed'
            ? ORDER_ADDRESS_CHANGE.changed
            : who === 'shopper'
              ? ORDER_ADDRESS_CHANGE.awaitingShopper
              : ORDER_ADDRESS_CHANGE.awaitingOwner}
        </p>
      )}
      {newAddress && delivery ? (
        <section
          aria-labelledby={stepTitle}
          className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50/40 p-3"
        >
          <h3 id={stepTitle} className="text-base font-bold text-stone-900">
            {ORDER_ADDRESS_CHANGE.deliveryTitle}
          </h3>
          <p className="text-sm text-stone-700">
            {newAddress.fullName}, {newAddress.address}, {newAddress.city} {newAddress.postalCode}.{' '}
            {ORDER_ADDRESS_CHANGE.deliveryHint}
          </p>
          <Suspense fallback={<Spinner label="Loading delivery dates" />}>
            <delivery.ChoiceAt pincode={newAddress.postalCode} value={choice} onChange={setChoice} />
          </Suspense>
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void saveWithDelivery()} disabled={saving || !choice}>
              {saving ? 'Saving…' : ORDER_ADDRESS_CHANGE.submit}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setNewAddress(null);
                setError(null);
              }}
            >
              {ORDER_ADDRESS_CHANGE.cancel}
            </Button>
          </div>
        </section>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            setOutcome(null);
            setOpen(true);
            setOpened(true);
          }}
        >
          {ORDER_ADDRESS_CHANGE.button}
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <AddressModal
            isOpen={open}
            onClose={() => setOpen(false)}
            destination={{
              address,
              title: ORDER_ADDRESS_CHANGE.title,
              subtitle:
                who === 'shopper' ? ORDER_ADDRESS_CHANGE.shopperSubtitle : ORDER_ADDRESS_CHANGE.ownerSubtitle,
              submitLabel: delivery ? ORDER_ADDRESS_CHANGE.next : ORDER_ADDRESS_CHANGE.submit,
              failed: ORDER_ADDRESS_CHANGE.failed,
              save: async (form) => {
                if (delivery) {
                  // The date and slot come next, from what the new pincode offers.
                  setNewAddress(form);
                  setChoice(delivery.current);
                  setError(null);
                  return;
                }
                await finish({ address: form });
              },
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
