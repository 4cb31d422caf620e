import { lazy, Suspense, useState } from 'react';
import type { AddressForm } from '../../../shared/address';
import { Button } from '../../components/button';

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
  failed: (detail: string) => `The address was not changed: ${detail}`,
  changed: 'Delivery address changed. The change is on the order’s timeline.',
} as const;

/**
 * Decision 0066: "Change address or phone" on an order not yet booked with the courier (the page
 * shows it only while `order.addressEditable`); `save` is the page's own call, the shopper's or the
 * back office's, and rejects with the server's refusal (the pincode in the product page's words).
 */
export function OrderAddressChange({
  address,
  who,
  save,
}: {
  address: AddressForm;
  who: 'shopper' | 'owner';
  save(address: AddressForm): Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [changed, setChanged] = useState(false);
  return (
    <div className="mt-3 flex flex-col gap-2">
      {changed && (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">
          {ORDER_ADDRESS_CHANGE.changed}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          setChanged(false);
          setOpen(true);
          setOpened(true);
        }}
      >
        {ORDER_ADDRESS_CHANGE.button}
      </Button>
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
              submitLabel: ORDER_ADDRESS_CHANGE.submit,
              failed: ORDER_ADDRESS_CHANGE.failed,
              save: async (form) => {
                await save(form);
                setChanged(true);
              },
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
