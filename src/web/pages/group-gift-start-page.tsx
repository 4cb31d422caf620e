import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GROUP_GIFT_MAX_DAYS } from '../../shared/group-gifts';
import { addDays, indiaDateOf } from '../../shared/india-time';
import { formatInr, toRupees } from '../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../shared/order-charges';
import { calculateShipping, shippingRulesFromRupees } from '../../shared/shipping';
import { storeSettings } from '../app-data';
import { checksOnFirstUse, refusalUnder, useCheckedForm } from '../checked-form';
import { Button, buttonClass } from '../components/button';
import { CheckboxField, FormField, TextAreaField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { PhoneSignInForm } from '../features/auth/phone-sign-in-form';
import { readBuyNowLine } from '../features/cart/buy-now';
import { toCartItem } from '../features/cart/cart-item';
import { useCartState } from '../features/cart/use-cart';
import { useProduct } from '../features/catalog/catalog-api';
import { groupGiftErrorOf, openGroupGift } from '../features/group-gifts/group-gifts-api';
import { GiftAddressFields } from './gift-address-form';
import { groupGiftSent, startValues } from './group-gift-start-values';

// Decision 0084: "Start a group gift" from the product page (that gift alone) or the cart. The
// organiser chooses who it is for, the address, the last day to chip in, a message and a share;
// nothing is ticked for them. The pool's page opens next, to share on WhatsApp.

const checkGroupGiftStart = checksOnFirstUse(
  () => import('./group-gift-start-checks'),
  (checks) => checks.checkGroupGiftStart,
);

export function GroupGiftStartPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [search] = useSearchParams();
  const buyNow = readBuyNowLine(location.state);
  // A product page's link names its gift in the address too (the state is lost on a full load).
  const productId = Number(search.get('product'));
  const named = useProduct(!buyNow && Number.isInteger(productId) && productId > 0 ? productId : null);
  const quantity = Math.max(1, Number(search.get('quantity')) || 1);
  const cartItems = useCartState((state) => state.items);
  const lines = buyNow ? [buyNow] : named.data ? [toCartItem(named.data, quantity)] : cartItems;
  const today = indiaDateOf(new Date());
  const form = useCheckedForm({ checks: checkGroupGiftStart, defaultValues: startValues(addDays(today, 7)) });
  const { register, formState } = form;
  const errors = formState.errors;
  const byLink = form.watch('byLink');
  const [error, setError] = useState<unknown>(null);

  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const shippingFee = calculateShipping(subtotal, shippingRulesFromRupees(storeSettings)).shippingFee;
  const total = toRupees(chargesTotalPaise(cartCharges({ lines, shippingFee })));
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const opened = await openGroupGift({
        items: lines.map((line) => ({
          productId: line.id,
          quantity: line.quantity,
          inStock: line.inStock,
          allowPreOrder: line.allowPreOrder,
          minQuantity: line.minQuantity,
          ...(line.personalisation ? { personalisation: line.personalisation } : {}),
        })),
        totalAmount: total,
        ...groupGiftSent(values),
      });
      navigate(opened.path, { state: { justOpened: true } });
    } catch (caught) {
      setError(caught);
    }
  });

  const meta = (
    <PageMeta
      title="Start a group gift"
      description="Friends chip in by UPI; we order the gift when it is paid for."
    />
  );
  if (named.fetchStatus === 'fetching') {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        {meta}
        <Spinner label="Loading the gift" />
      </section>
    );
  }
  if (lines.length === 0) {
    return (
      <section className="mx-auto max-w-md py-6">
        {meta}
        <h1 className="mb-4 text-2xl font-extrabold text-stone-900">Start a group gift</h1>
        <EmptyState
          title="Choose a gift first"
          action={
            <Link to="/products" className={buttonClass('primary')}>
              Browse gifts
            </Link>
          }
        >
          Pick a gift, then press “Start a group gift” on its page or in your cart.
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md py-6">
      {meta}
      <h1 className="mb-2 text-2xl font-extrabold text-stone-900">Start a group gift</h1>
      <p className="mb-4 text-stone-700">
        Friends chip in by UPI or card. When the total is met we place the order at once; if it is not met by
        the last day, everyone gets their money back.
      </p>
      <div className="mb-4 rounded-2xl border border-brand-100 bg-white p-4">
        <ul className="flex flex-col gap-1 text-stone-800">
          {lines.map((line) => (
            <li key={`${line.id}-${line.name}`}>
              {line.name}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
            </li>
          ))}
        </ul>
        <p className="mt-2 font-bold text-stone-900">
          To collect: {formatInr(total)}
          {shippingFee > 0 ? ` (with ${formatInr(shippingFee)} shipping)` : ' (free shipping)'}
        </p>
      </div>
      {auth.loading ? (
        <Spinner label="Checking your sign-in" />
      ) : !auth.user ? (
        <div className="rounded-2xl border border-brand-100 bg-white p-4">
          <h2 className="mb-2 text-lg font-bold text-stone-900">Sign in with your mobile number</h2>
          <PhoneSignInForm onSuccess={() => {}} />
        </div>
      ) : (
        <FormProvider {...form}>
          <form
            onSubmit={submit}
            onFocus={checkGroupGiftStart.preload}
            noValidate
            aria-label="Start a group gift"
            className="flex flex-col gap-3"
          >
            <FormField
              label="Who is it for?"
              maxLength={100}
              error={errors.recipientName?.message}
              {...register('recipientName')}
            />
            <TextAreaField
              label="Message to the friends (optional)"
              maxLength={250}
              rows={3}
              error={errors.message?.message}
              {...register('message')}
            />
            <FormField
              label="Last day to chip in"
              type="date"
              min={today}
              max={addDays(today, GROUP_GIFT_MAX_DAYS)}
              error={errors.closesOn?.message}
              {...register('closesOn')}
            />
            <FormField
              label="Suggested share in ₹ (optional)"
              type="number"
              inputMode="numeric"
              min={50}
              error={errors.suggestedShare?.message}
              {...register('suggestedShare')}
            />
            <CheckboxField label="Keep the gift a surprise on the page" {...register('surprise')} />
            <h2 className="mt-2 text-lg font-bold text-stone-900">Deliver to</h2>
            <CheckboxField
              label="Send as a gift link: they give the address when it is paid for"
              {...register('byLink')}
            />
            {byLink ? (
              <FormField
                label="Their mobile number, for the link"
                type="tel"
                autoComplete="off"
                maxLength={20}
                error={errors.giftLink?.recipient?.phone?.message ?? refusalUnder(error, 'giftLink')}
                {...register('giftLink.recipient.phone')}
              />
            ) : (
              <GiftAddressFields
                by="sender"
                at="shippingAddress"
                refusal={refusalUnder(error, 'shippingAddress')}
              />
            )}
            {errors.root && <ErrorBanner>{errors.root.message}</ErrorBanner>}
            {error !== null && <ErrorBanner>{groupGiftErrorOf(error)}</ErrorBanner>}
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Starting…' : 'Start the group gift'}
            </Button>
          </form>
        </FormProvider>
      )}
    </section>
  );
}

export { GroupGiftStartPage as Component };
