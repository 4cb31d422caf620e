import { type ComponentProps, type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type AddressForm, isCompleteAddress } from '../../shared/address-rules';
import { greetingOf } from '../../shared/auth-rules';
import { canAddToCart, REMOVE_OUT_OF_STOCK_MESSAGE } from '../../shared/cart-rules';
import { NETWORK_ERROR_MESSAGE } from '../api/client';
import { storeSettings } from '../app-data';
import { useCheckedForm } from '../checked-form';
import { Button, buttonClass } from '../components/button';
import { RadioOption } from '../components/form-field';
import { OrderAgreement } from '../components/order-agreement';
import { PageMeta } from '../components/page-meta';
import { EmptyState, Spinner } from '../components/status-message';
import { ADDRESS_MESSAGES, addressErrorMessage } from '../features/addresses/address-errors';
import { AuthModal, type AuthMode } from '../features/auth/auth-modal';
import { useAuth } from '../features/auth/auth-provider';
import { BUY_NOW_NOTICE, readBuyNowLine } from '../features/cart/buy-now';
import { cartSubtotal } from '../features/cart/cart-item';
import { useCartActions, useCartState } from '../features/cart/use-cart';
import { cartNoticeText, useCartCheck } from '../features/cart/use-cart-check';
import { AddressPicker } from '../features/checkout/address-picker';
import type { CheckedCheckout, CheckoutAccount } from '../features/checkout/checkout-checks';
import { type CheckoutLine, isPreOrderLine } from '../features/checkout/checkout-lines';
import { CheckoutSubmit } from '../features/checkout/checkout-submit';
import { GiftOptionsField } from '../features/checkout/gift-options-field';
import { CheckoutOrderSummary } from '../features/checkout/order-summary';
import { OrderUpdatesField } from '../features/checkout/order-updates-field';
import { useBeginCheckout } from '../features/checkout/use-begin-checkout';
import { CouponField } from '../features/coupons/coupon-field';
import { useCoupon } from '../features/coupons/use-coupon';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { useRecordCheckoutCart } from '../features/order-updates/use-record-checkout-cart';
import { checkoutHold, checkoutPaymentRequest } from './checkout/checkout-order';
import { deliveryPlan } from './checkout/delivery-plan';
import { useCheckoutAddress } from './checkout/use-checkout-address';
import { checkCheckout, checkoutDefaults, useCheckoutChoices } from './checkout/use-checkout-choices';
import { useCheckoutDelivery } from './checkout/use-checkout-delivery';
import { useCheckoutShipping } from './checkout/use-checkout-shipping';
import { useLoginPopup } from './checkout/use-login-popup';

// The add and edit form loads when it first opens: most shoppers pay to a saved address, and
// checkout stays within its JavaScript budget (scripts/js-budget.ts) with Buy Now and the gift's
// recipient number (decision 0069).
const AddressModal = lazy(() =>
  import('../features/addresses/address-modal').then((module) => ({ default: module.AddressModal })),
);

// An address carried back through the login page is read with the server's schema, with Zod: it
// loads only then, so the page opens without Zod (checkout-checks.ts, decision 0088).
const loadChecks = () => import('../features/checkout/checkout-checks');
// One function for the page's life, so the address hook reads a carried address once per route state.
const readCarriedAddress = () => loadChecks().then((checks) => checks.readCarriedAddress);

// Decision 0081: the gift link's form loads on its first choice, as most orders go to an address.
const GiftLinkForm = lazy(() =>
  import('../features/checkout/gift-link-form').then((module) => ({ default: module.GiftLinkForm })),
);
// Decision 0090: a list's form, with the payment window it pays the batch in (pages compose features).
const GiftLinkListForm = lazy(() =>
  Promise.all([
    import('../features/checkout/gift-link-list-form'),
    import('../features/payment/use-payment-window'),
  ]).then(([form, payment]) => ({
    default: (props: Omit<ComponentProps<typeof form.GiftLinkListForm>, 'usePaymentWindow'>) => (
      <form.GiftLinkListForm {...props} usePaymentWindow={payment.usePaymentWindow} />
    ),
  })),
);
const SEND_AS = [
  { value: 'address', label: 'Deliver to an address' },
  { value: 'link', label: 'Send as a gift link' },
  { value: 'list', label: 'Send gift links to a list' },
] as const;

/** Decision 0069: says Buy Now checks out one item, and offers the whole cart instead. */
function BuyNowNotice({ cartCount }: { cartCount: number }) {
  return (
    <p
      role="status"
      className="mt-3 rounded-lg border border-brand-200 bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-800"
    >
      {BUY_NOW_NOTICE}
      {cartCount > 0 && (
        <>
          {' '}
          <Link to="/checkout" replace className="underline">
            Check out the whole cart instead
          </Link>
        </>
      )}
    </p>
  );
}

function LoginToContinue({ onOpen }: { onOpen(mode: AuthMode): void }) {
  return (
    <section
      aria-labelledby="login-to-continue-title"
      className="rounded-2xl border border-brand-100 bg-white p-5 text-center shadow-sm"
    >
      <h2 id="login-to-continue-title" className="text-xl font-bold text-stone-900">
        Please login to continue
      </h2>
      <p className="mt-2 text-sm text-stone-600">
        Sign in or create an account to choose a delivery address and pay securely. Your cart is saved.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button onClick={() => onOpen('login')} className="sm:min-w-36">
          Login
        </Button>
        <Button variant="secondary" onClick={() => onOpen('signup')} className="sm:min-w-36">
          Sign Up
        </Button>
      </div>
    </section>
  );
}

/** SPEC 2 "Checkout". */
export function CheckoutPage() {
  const auth = useAuth();
  const cart = useCartState();
  const { refreshShipping } = useCartActions();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = auth.user?.id ?? null;
  const formId = useId();
  const hasEmail = Boolean(auth.user?.email);
  // Decision 0069: Buy Now checks out its one line; the cart stays as it is, for later.
  const buyNow = readBuyNowLine(location.state);
  const lines: readonly CheckoutLine[] = buyNow ? [buyNow] : cart.items;
  const subtotal = buyNow ? cartSubtotal([buyNow]) : cart.total;
  // As on the cart page: every line checked against the catalogue on arrival, so a line sold out
  // since it was added stops the shopper here, not at the payment page's Pay (the sticky cart bar
  // comes straight to checkout, past the cart).
  const cartNotices = useCartCheck().notices.filter((notice) => notice.kind !== 'out_of_stock');
  const changes = buyNow ? [] : cartNotices;
  const soldOut = lines.filter((line) => !canAddToCart(line));

  // A coupon needs a signed-in shopper (limits are per customer).
  const coupon = useCoupon(
    userId === null ? [] : lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
  );
  useBeginCheckout(lines, coupon.code);
  useRecordCheckoutCart(userId, lines);

  // The server's shipping quote needs the token: ask again once the shopper is signed in (SPEC 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new user id is the reason to ask again
  useEffect(() => refreshShipping(), [refreshShipping, userId]);
  const login = useLoginPopup({
    userId,
    needsLogin: !auth.loading && auth.user === null && lines.length > 0,
  });

  const [sendAs, setSendAs] = useState<(typeof SEND_AS)[number]['value']>('address');
  const asLink = sendAs !== 'address';
  const addressChoice = useCheckoutAddress({
    userId,
    hasLines: lines.length > 0,
    routeState: location.state,
    readCarried: readCarriedAddress,
  });
  const { saved, selected } = addressChoice;
  const delivery = useCheckoutDelivery(userId === null ? null : selected);
  const hasPreOrder = lines.some(isPreOrderLine);
  const { undeliverable, datesPincode } = deliveryPlan(delivery, hasPreOrder);
  const form = useCheckedForm({
    checks: checkCheckout,
    context: { verifiedPhone: auth.user?.phone ?? null, hasEmail } satisfies CheckoutAccount,
    defaultValues: checkoutDefaults(),
  });
  const { day, gift, updates, offersGiven } = useCheckoutChoices({ form, userId, datesPincode });
  const formErrors = form.formState.errors;
  const chosenDelivery = day.chosen;
  const { quote, shipping } = useCheckoutShipping({
    buyNow,
    userId,
    subtotal,
    cart: { shippingInfo: cart.shippingInfo, loading: cart.loading },
  });

  const meta = (
    <PageMeta
      title="Checkout"
      description="Choose a delivery address and pay securely."
      canonicalPath="/checkout"
    />
  );

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-5xl">
        {meta}
        <h1 className="text-2xl font-extrabold text-stone-900">Checkout</h1>
        <EmptyState
          title="Your cart is empty"
          action={
            <Link to="/products" className={buttonClass('primary', 'px-8')}>
              Shop Now
            </Link>
          }
        >
          Add some gifts to your cart to check out.
        </EmptyState>
      </div>
    );
  }

  if (auth.loading && auth.user === null) {
    return (
      <div className="py-16 text-center">
        {meta}
        <Spinner label="Loading checkout" />
      </div>
    );
  }

  const discount = coupon.applied && { code: coupon.applied.code, amount: coupon.applied.discount };
  const summary = (
    <CheckoutOrderSummary
      lines={lines}
      shipping={shipping}
      delivery={delivery}
      discount={userId === null ? null : discount}
      chosenDelivery={chosenDelivery}
    />
  );
  const authPopup = (
    <AuthModal isOpen={login.isOpen} defaultMode={login.mode} redirectTo="/checkout" onClose={login.close} />
  );

  if (auth.user === null) {
    return (
      <div className="mx-auto max-w-5xl">
        {meta}
        <h1 className="text-2xl font-extrabold text-stone-900">Checkout</h1>
        {buyNow && <BuyNowNotice cartCount={cart.itemCount} />}
        <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
          <LoginToContinue onOpen={login.open} />
          {summary}
        </div>
        {authPopup}
      </div>
    );
  }

  const ready = isCompleteAddress(selected);

  const submit = (event: FormEvent) => {
    const hold = checkoutHold({
      couponChecking: coupon.checking,
      undeliverable: undeliverable !== null,
      soldOut: soldOut.length,
      delivery: delivery.status,
    });
    if (!isCompleteAddress(selected) || hold !== null) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit((checked) => proceed(checked, selected))(event);
  };

  const proceed = (choices: CheckedCheckout, address: AddressForm) => {
    const request = checkoutPaymentRequest({
      lines,
      address,
      discount: discount || null,
      quote,
      delivery: chosenDelivery,
      buyNow: buyNow !== null,
      choices,
    });
    navigate('/payment', { state: request });
  };

  const errors = addressChoice.loadFailed
    ? [`${ADDRESS_MESSAGES.loadFailed}. ${addressErrorMessage(saved.error)}`]
    : [];

  return (
    <div className="mx-auto max-w-5xl">
      {meta}
      <h1 className="text-2xl font-extrabold text-stone-900">Checkout</h1>
      <p className="mt-1 text-stone-700">{greetingOf(auth.user)}</p>
      {buyNow && <BuyNowNotice cartCount={cart.itemCount} />}
      {soldOut.length > 0 && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          Now out of stock: {soldOut.map((line) => line.name).join(', ')}. {REMOVE_OUT_OF_STOCK_MESSAGE}{' '}
          <Link to="/cart" className="font-semibold underline">
            Review your cart
          </Link>
        </div>
      )}
      {changes.length > 0 && (
        <ul
          role="status"
          className="mt-4 space-y-1 rounded-lg border border-brand-200 bg-brand-100 px-3 py-2 text-sm text-brand-800"
        >
          {changes.map((notice) => (
            <li key={notice.id}>
              {notice.name}: {cartNoticeText(notice)}.
            </li>
          ))}
        </ul>
      )}
      <fieldset className="mt-4 flex flex-wrap gap-x-6">
        <legend className="sr-only">How the gift reaches the recipient</legend>
        {SEND_AS.map(({ value, label }) => (
          <RadioOption
            key={value}
            optionClassName="flex min-h-11 items-center gap-2 font-semibold text-stone-900"
            className="h-5 w-5 accent-brand-600"
            name="send-as"
            checked={sendAs === value}
            onChange={() => setSendAs(value)}
            label={label}
          />
        ))}
      </fieldset>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
        {sendAs === 'list' ? (
          <Suspense fallback={<Spinner label="Loading the list form" />}>
            <GiftLinkListForm
              lines={lines}
              shippingFee={quote.shippingFee}
              blocked={soldOut.length > 0}
              payer={{
                name: auth.user.fullName ?? '',
                email: auth.user.email ?? '',
                contact: auth.user.phone ?? '',
              }}
            />
          </Suspense>
        ) : asLink ? (
          <Suspense fallback={<Spinner label="Loading the gift link form" />}>
            <GiftLinkForm
              lines={lines}
              shippingFee={quote.shippingFee}
              discount={discount || null}
              blocked={soldOut.length > 0 || coupon.checking}
            />
          </Suspense>
        ) : (
          <form
            id={formId}
            onSubmit={submit}
            onFocus={checkCheckout.preload}
            noValidate
            className="flex flex-col gap-4"
            aria-label="Delivery address"
          >
            <AddressPicker
              addresses={saved.addresses}
              selectedId={selected?.id ?? null}
              loading={saved.loading}
              errors={errors}
              undeliverableId={undeliverable ? (selected?.id ?? null) : null}
              onSelect={addressChoice.select}
              onAdd={addressChoice.add}
              onEdit={addressChoice.edit}
              onRefresh={saved.refetch}
            />
            {!undeliverable && (
              <DeliveryDatePicker
                pincode={datesPincode}
                addressLoading={saved.loading}
                hasPreOrder={hasPreOrder}
                lookup={day.dates}
                value={chosenDelivery}
                onChange={day.choose}
              />
            )}
            <GiftOptionsField
              choice={gift.value}
              errors={{
                message: formErrors.gift?.message?.message,
                recipientEmail: formErrors.gift?.recipientEmail?.message,
              }}
              onChange={gift.onChange}
            />
            <OrderUpdatesField
              choice={updates.value}
              isGift={gift.value.isGift}
              verifiedPhone={auth.user?.phone ?? null}
              hasEmail={hasEmail}
              storeName={storeSettings.storeName}
              offersGiven={offersGiven}
              error={formErrors.updates?.message}
              onChange={updates.onChange}
            />
          </form>
        )}
        {/* Decision 0068: the total and the coupon come before the button that pays them. */}
        <div className="flex flex-col gap-3 md:sticky md:top-20">
          {summary}
          <CouponField coupon={coupon} />
          {(addressChoice.carriedUnreadable || formErrors.root) && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {NETWORK_ERROR_MESSAGE}
            </p>
          )}
          {!asLink && (
            <CheckoutSubmit
              form={formId}
              ready={ready}
              checking={coupon.checking || delivery.status === 'checking'}
              undeliverable={undeliverable}
              outOfStock={soldOut.length > 0}
              onEditAddress={() => selected && addressChoice.edit(selected)}
            />
          )}
          <OrderAgreement />
        </div>
      </div>
      {addressChoice.formOpened && (
        <Suspense fallback={null}>
          <AddressModal
            isOpen={addressChoice.modal.isOpen}
            address={addressChoice.modal.editing}
            onClose={addressChoice.closeModal}
            onSaved={(address) => addressChoice.select(address.id)}
            verifiedPhone={auth.user?.phone}
          />
        </Suspense>
      )}
    </div>
  );
}

export { CheckoutPage as Component };
