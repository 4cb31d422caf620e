import { useEffect, useRef } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { storeSettings } from '../../app-data';
import { checksOnFirstUse } from '../../checked-form';
import type { CheckedCheckout, CheckoutValues } from '../../features/checkout/checkout-checks';
import { NO_GIFT } from '../../features/checkout/gift-options-field';
import { initialUpdates, withPastChoices } from '../../features/checkout/order-updates-field';
import { offeredChoice, useDeliveryDates } from '../../features/delivery-dates/delivery-dates-api';
import { useConsents } from '../../features/order-updates/order-updates-api';

// The gift message's and the order updates' checks run the server's schemas with Zod: they load
// when the shopper first focuses the form or submits it, so the page opens without Zod (decision 0088).
export const checkCheckout = checksOnFirstUse(
  () => import('../../features/checkout/checkout-checks'),
  (checks) => checks.checkCheckout,
);

/** Nothing chosen or typed; order news by e-mail and SMS as the store's defaults say (decision 0062). */
export const checkoutDefaults = (): CheckoutValues => ({
  gift: NO_GIFT,
  updates: initialUpdates(storeSettings.orderUpdates),
  delivery: null,
});

/**
 * Checkout's form: the day and slot, the gift options and the order updates. Nothing is chosen for
 * the shopper; the messages show after a refused submit, and go as the shopper corrects them. A
 * day the address's offer no longer has (another address, 2 PM passed) is dropped, so only what is
 * offered is shown, charged and sent. Decision 0062: WhatsApp order news is ticked only for a
 * shopper who chose it before.
 */
export function useCheckoutChoices({
  form,
  userId,
  datesPincode,
}: {
  /** The page's useCheckedForm with checkCheckout, the account as its context, checkoutDefaults. */
  form: UseFormReturn<CheckoutValues, unknown, CheckedCheckout>;
  userId: number | null;
  /** The pincode whose days are offered (deliveryPlan), none when no day is asked for. */
  datesPincode: string | null;
}) {
  const { field: day } = useController({ control: form.control, name: 'delivery' });
  const { field: gift } = useController({ control: form.control, name: 'gift' });
  const { field: updates } = useController({ control: form.control, name: 'updates' });

  const dates = useDeliveryDates(datesPincode);
  const chosenDelivery = datesPincode === null ? null : offeredChoice(day.value, dates.data);
  const choiceDropped = day.value !== null && dates.data !== undefined && chosenDelivery === null;
  const { setValue, getValues } = form;
  useEffect(() => {
    if (choiceDropped) setValue('delivery', null);
  }, [choiceDropped, setValue]);

  const pastConsents = useConsents(userId);
  const updatesTouched = useRef(false);
  useEffect(() => {
    if (pastConsents.data && !updatesTouched.current) {
      setValue('updates', withPastChoices(getValues('updates'), pastConsents.data.consents));
    }
  }, [pastConsents.data, setValue, getValues]);
  const offersGiven = (pastConsents.data?.consents ?? [])
    .filter((consent) => consent.purpose === 'marketing' && consent.given)
    .map((consent) => consent.channel);

  return {
    day: { dates, chosen: chosenDelivery, choose: day.onChange },
    gift,
    updates: {
      ...updates,
      onChange: (choice: typeof updates.value) => {
        updatesTouched.current = true;
        updates.onChange(choice);
      },
    },
    offersGiven,
  };
}
