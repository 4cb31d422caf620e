import { useId } from 'react';
import { REMOVE_OUT_OF_STOCK_MESSAGE } from '../../../shared/cart-rules';
import { notDeliverableTo } from '../../../shared/delivery-rules';
import { Button } from '../../components/button';

export const SELECT_ADDRESS_MESSAGE = 'Please select or add a delivery address before proceeding to payment.';

/** The chosen address's pincode and why an order cannot go there (deliveryRefusal). */
export type Undeliverable = { postalCode: string; reason: string };

/**
 * SPEC 2 and 5: the submit needs a complete address; without one it is disabled and says why.
 * An address the store cannot deliver to disables it too, with the reason and a way to
 * edit the address here, so the payment page never refuses what checkout let through.
 */
export function CheckoutSubmit({
  form,
  ready,
  checking = false,
  undeliverable = null,
  outOfStock = false,
  onEditAddress,
}: {
  /** The checkout form's id: the button sits after the summary and coupon, outside the form. */
  form: string;
  ready: boolean;
  /** While a coupon or the address's delivery is being checked: paying now could be refused. */
  checking?: boolean;
  undeliverable?: Undeliverable | null;
  /** A line of the cart can no longer be bought (the catalogue's stock, checked on arrival). */
  outOfStock?: boolean;
  onEditAddress(): void;
}) {
  const hintId = useId();
  const blocked = !ready || undeliverable !== null || outOfStock;
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="submit"
        form={form}
        disabled={blocked || checking}
        aria-describedby={blocked ? hintId : undefined}
        className="w-full py-3 text-base"
      >
        {ready ? 'Proceed to Payment' : 'Select Address to Continue'}
      </Button>
      {outOfStock ? (
        <p id={hintId} className="text-center text-sm font-semibold text-red-700">
          {REMOVE_OUT_OF_STOCK_MESSAGE}
        </p>
      ) : (
        !ready && (
          <p id={hintId} className="text-center text-sm text-stone-600">
            {SELECT_ADDRESS_MESSAGE}
          </p>
        )
      )}
      {ready && !outOfStock && undeliverable && (
        <div className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm">
          <div id={hintId}>
            <p className="font-semibold text-red-800">{notDeliverableTo(undeliverable.postalCode)}</p>
            <p className="text-stone-800">
              {undeliverable.reason}. Edit the address or choose another to continue.
            </p>
          </div>
          <Button variant="secondary" onClick={onEditAddress} className="self-start">
            Edit address
          </Button>
        </div>
      )}
    </div>
  );
}
