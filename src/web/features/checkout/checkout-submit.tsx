import { useId } from 'react';
import { Button } from '../../components/button';

export const SELECT_ADDRESS_MESSAGE = 'Please select or add a delivery address before proceeding to payment.';

/** SPEC 2 and 5: the submit needs a complete address; without one it is disabled and says why. */
export function CheckoutSubmit({
  ready,
  checking = false,
}: {
  ready: boolean;
  /** While a coupon is being checked: paying now could leave out a discount the shopper expects. */
  checking?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="submit"
        disabled={!ready || checking}
        aria-describedby={ready ? undefined : hintId}
        className="w-full py-3 text-base"
      >
        {ready ? 'Proceed to Payment' : 'Select Address to Continue'}
      </Button>
      {!ready && (
        <p id={hintId} className="text-center text-sm text-stone-600">
          {SELECT_ADDRESS_MESSAGE}
        </p>
      )}
    </div>
  );
}
