import { useQuery } from '@tanstack/react-query';
import {
  type ComponentProps,
  type FormEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  type AddressForm,
  type CheckoutAddress,
  isCompleteAddress,
  isValidPostalCode,
} from '../../shared/address-rules';
import { greetingOf } from '../../shared/auth-rules';
import { canAddToCart, REMOVE_OUT_OF_STOCK_MESSAGE } from '../../shared/cart-rules';
import type { DeliveryChoice } from '../../shared/delivery-dates';
import { deliveryRefusal } from '../../shared/delivery-rules';
import { toRupees } from '../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../shared/order-charges';
import { normalisePhone } from '../../shared/phone';
import { PINCODE_CACHE_TTL_MS } from '../../shared/pincode';
import { calculateShipping, shippingRulesFromRupees } from '../../shared/shipping';
import { NETWORK_ERROR_MESSAGE } from '../api/client';
import { storeSettings } from '../app-data';
import { Button, buttonClass } from '../components/button';
import { OrderAgreement } from '../components/order-agreement';
import { PageMeta } from '../components/page-meta';
import { EmptyState, Spinner } from '../components/status-message';
import {
  ADDRESS_MESSAGES,
  addressErrorMessage,
  isSessionExpired,
} from '../features/addresses/address-errors';
import { initialAddress, useSavedAddresses } from '../features/addresses/use-addresses';
import { AuthModal, type AuthMode } from '../features/auth/auth-modal';
import { useAuth } from '../features/auth/auth-provider';
import { BUY_NOW_NOTICE, readBuyNowLine } from '../features/cart/buy-now';
import { cartSubtotal } from '../features/cart/cart-item';
import { requestShippingQuote, useCartActions, useCartState } from '../features/cart/use-cart';
import { cartNoticeText, useCartCheck } from '../features/cart/use-cart-check';
import { AddressPicker } from '../features/checkout/address-picker';
import { type CheckoutLine, isPreOrderLine } from '../features/checkout/checkout-lines';
import { CheckoutSubmit } from '../features/checkout/checkout-submit';
import type { CheckoutDelivery } from '../features/checkout/delivery-estimate';
import {
  type GiftChoice,
  type GiftErrors,
  GiftOptionsField,
  NO_GIFT,
} from '../features/checkout/gift-options-field';
import { CheckoutOrderSummary, type CheckoutShipping } from '../features/checkout/order-summary';
import {
  initialUpdates,
  OrderUpdatesField,
  type UpdatesChoice,
  withPastChoices,
} from '../features/checkout/order-updates-field';
import { useBeginCheckout } from '../features/checkout/use-begin-checkout';
import { CouponField } from '../features/coupons/coupon-field';
import { useCoupon } from '../features/coupons/use-coupon';
import { DeliveryDatePicker } from '../features/delivery-dates/delivery-date-picker';
import { offeredChoice, useDeliveryDates } from '../features/delivery-dates/delivery-dates-api';
import { getDeliveryLookups } from '../features/location/use-location-state';
import { useConsents } from '../features/order-updates/order-updates-api';
import { useRecordCheckoutCart } from '../features/order-updates/use-record-checkout-cart';
import type { PaymentRequest } from '../features/payment/payment-request';

// The add and edit form loads when it first opens: most shoppers pay to a saved address, and
// checkout stays within its JavaScript budget (scripts/js-budget.ts) with Buy Now and the gift's
// recipient number (decision 0069).
const AddressModal = lazy(() =>
  import('../features/addresses/address-modal').then((module) => ({ default: module.AddressModal })),
);

// The gift message's, the order updates' and a carried address's checks run the server's schemas
// with Zod: they load when the shopper first focuses the form or submits it, so the page opens
// without Zod (checkout-checks.ts, decision 0088).
const loadChecks = () => import('../features/checkout/checkout-checks');
type CheckoutChecks = Awaited<ReturnType<typeof loadChecks>>;

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

const sameAddress = (a: AddressForm, b: AddressForm) =>
  a.fullName.trim() === b.fullName.trim() &&
  a.address.trim() === b.address.trim() &&
  a.city.trim() === b.city.trim() &&
  a.postalCode.trim() === b.postalCode.trim() &&
  normalisePhone(a.phone) === normalisePhone(b.phone);

/** Whether the login page passed an address along (SPEC 2), to be read by readCarriedAddress. */
const carriesAddress = (state: unknown) =>
  Boolean(state && typeof state === 'object' && 'shippingAddress' in state);

/** SPEC 2: delivery to the chosen address's postal code, through the 5-minute lookup cache. */
function useCheckoutDelivery(address: CheckoutAddress | null): CheckoutDelivery {
  const postalCode = address && isValidPostalCode(address.postalCode) ? address.postalCode.trim() : null;
  const query = useQuery({
    queryKey: ['checkout', 'delivery', postalCode],
    queryFn: () => getDeliveryLookups().checkDelivery(postalCode ?? ''),
    enabled: postalCode !== null,
    staleTime: PINCODE_CACHE_TTL_MS,
  });
  if (postalCode === null) return { status: 'no-address' };
  if (!query.data) return { status: 'checking', postalCode };
  // The lookup never fails: without the server or a cached answer it hands back defaults.
  if (query.data.source === 'fallback') return { status: 'unknown', postalCode };
  return { status: 'checked', postalCode, info: query.data.value };
}

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
  const buyNowQuote = useQuery({
    queryKey: ['checkout', 'buy-now-shipping', buyNow?.id, buyNow?.quantity],
    queryFn: ({ signal }) =>
      requestShippingQuote([{ product: buyNow?.id ?? 0, quantity: buyNow?.quantity ?? 1 }], signal),
    enabled: buyNow !== null && userId !== null,
    retry: false,
  });
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

  // SPEC 2: a guest with items gets the login popup once; closing it keeps it closed until login.
  const [authModal, setAuthModal] = useState<{ isOpen: boolean; mode: AuthMode }>({
    isOpen: false,
    mode: 'login',
  });
  const popupShown = useRef(false);
  const needsLogin = !auth.loading && auth.user === null && lines.length > 0;
  useEffect(() => {
    if (userId !== null) {
      popupShown.current = false;
      setAuthModal((current) => ({ ...current, isOpen: false }));
    } else if (needsLogin && !popupShown.current) {
      popupShown.current = true;
      setAuthModal({ isOpen: true, mode: 'login' });
    }
  }, [needsLogin, userId]);

  const [sendAs, setSendAs] = useState<(typeof SEND_AS)[number]['value']>('address');
  const asLink = sendAs !== 'address';
  const saved = useSavedAddresses(userId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [checks, setChecks] = useState<CheckoutChecks | null>(null);
  const [checksUnavailable, setChecksUnavailable] = useState(false);
  const addressCarried = carriesAddress(location.state);
  useEffect(() => {
    if (addressCarried) loadChecks().then(setChecks, () => setChecksUnavailable(true));
  }, [addressCarried]);
  const carried = checks?.readCarriedAddress(location.state) ?? null;
  const selected =
    saved.addresses.find((address) => address.id === selectedId) ??
    (carried ? saved.addresses.find((address) => sameAddress(address, carried)) : undefined) ??
    initialAddress(saved.addresses);

  // SPEC 4 and 8: with no saved address, or when they cannot be loaded, the add form opens (once).
  const [addressModal, setAddressModal] = useState<{ isOpen: boolean; editing: CheckoutAddress | null }>({
    isOpen: false,
    editing: null,
  });
  // Once opened, the form stays mounted, so closing it keeps an edit's fields (SPEC 2).
  const [addressFormOpened, setAddressFormOpened] = useState(false);
  if (addressModal.isOpen && !addressFormOpened) setAddressFormOpened(true);
  const addFormOpened = useRef<number | null>(null);
  const loadFailed = saved.error !== null && !isSessionExpired(saved.error);
  const noneSaved = !saved.loading && saved.addresses.length === 0;
  useEffect(() => {
    if (userId === null || lines.length === 0 || addFormOpened.current === userId) return;
    if (noneSaved || loadFailed) {
      addFormOpened.current = userId;
      setAddressModal({ isOpen: true, editing: null });
    }
  }, [userId, lines.length, noneSaved, loadFailed]);

  const delivery = useCheckoutDelivery(userId === null ? null : selected);
  // The rule create-order refuses with, applied to the chosen address's pincode check.
  const refusal = delivery.status === 'checked' ? deliveryRefusal(delivery.info) : null;
  const undeliverable =
    refusal && delivery.status === 'checked' ? { postalCode: delivery.postalCode, reason: refusal } : null;

  // The delivery day and slot. A pre-order line ships in its window, so no day is asked
  // for; a choice the current address's offer no longer has (another address, 2 PM passed) is
  // dropped, so only what is offered is shown, charged and sent.
  const hasPreOrder = lines.some(isPreOrderLine);
  // No day can be chosen for an address the order cannot go to (its reason says so).
  const datesPincode =
    !hasPreOrder && delivery.status !== 'no-address' && !undeliverable ? delivery.postalCode : null;
  const deliveryDates = useDeliveryDates(datesPincode);
  const [dateChoice, setDateChoice] = useState<DeliveryChoice | null>(null);
  const chosenDelivery = datesPincode === null ? null : offeredChoice(dateChoice, deliveryDates.data);
  const choiceDropped = dateChoice !== null && deliveryDates.data !== undefined && chosenDelivery === null;
  useEffect(() => {
    if (choiceDropped) setDateChoice(null);
  }, [choiceDropped]);

  // The gift message and "hide prices"; the error shows after a refused submit.
  const [gift, setGift] = useState<GiftChoice>(NO_GIFT);
  const [giftErrors, setGiftErrors] = useState<GiftErrors | undefined>();
  const [updates, setUpdates] = useState<UpdatesChoice>(() => initialUpdates(storeSettings.orderUpdates));
  const [updatesError, setUpdatesError] = useState<string | undefined>();
  // Decision 0062: WhatsApp order news is ticked only for a shopper who chose it before.
  const pastConsents = useConsents(userId);
  const updatesTouched = useRef(false);
  useEffect(() => {
    if (pastConsents.data && !updatesTouched.current) {
      setUpdates((current) => withPastChoices(current, pastConsents.data.consents));
    }
  }, [pastConsents.data]);
  const offersGiven = (pastConsents.data?.consents ?? [])
    .filter((consent) => consent.purpose === 'marketing' && consent.given)
    .map((consent) => consent.channel);

  // SPEC 8: the client's fallback stands in while Buy Now's own quote is awaited or when it fails.
  const fallbackShipping = calculateShipping(subtotal, shippingRulesFromRupees(storeSettings));
  const shippingInfo = buyNow ? (buyNowQuote.data ?? fallbackShipping) : cart.shippingInfo;
  const shipping: CheckoutShipping | null = shippingInfo && {
    fee: shippingInfo.shippingFee,
    free: shippingInfo.freeShipping,
    message: shippingInfo.shippingReason,
    loading: buyNow ? buyNowQuote.isFetching : cart.loading,
  };

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
    <AuthModal
      isOpen={authModal.isOpen}
      defaultMode={authModal.mode}
      redirectTo="/checkout"
      onClose={() => setAuthModal((current) => ({ ...current, isOpen: false }))}
    />
  );

  if (auth.user === null) {
    return (
      <div className="mx-auto max-w-5xl">
        {meta}
        <h1 className="text-2xl font-extrabold text-stone-900">Checkout</h1>
        {buyNow && <BuyNowNotice cartCount={cart.itemCount} />}
        <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
          <LoginToContinue onOpen={(mode) => setAuthModal({ isOpen: true, mode })} />
          {summary}
        </div>
        {authPopup}
      </div>
    );
  }

  const ready = isCompleteAddress(selected);
  const editAddress = (address: CheckoutAddress) => setAddressModal({ isOpen: true, editing: address });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (
      !isCompleteAddress(selected) ||
      coupon.checking ||
      undeliverable ||
      soldOut.length > 0 ||
      delivery.status === 'checking'
    )
      return;
    setChecksUnavailable(false);
    loadChecks().then(
      (loaded) => proceed(loaded, selected),
      () => setChecksUnavailable(true),
    );
  };

  const proceed = (loaded: CheckoutChecks, selected: AddressForm) => {
    setChecks(loaded);
    const { giftOptions, errors } = loaded.readGiftChoice(gift);
    setGiftErrors(errors);
    // An account made with a mobile number alone has no address an e-mail could reach.
    const updatesChoice = loaded.readUpdatesChoice(
      { ...updates, email: updates.email && hasEmail },
      { verifiedPhone: auth.user?.phone ?? null, isGift: gift.isGift },
    );
    setUpdatesError(updatesChoice.error);
    if (errors || updatesChoice.error) return;
    const quote = shippingInfo ?? fallbackShipping;
    const request: PaymentRequest = {
      address: {
        fullName: selected.fullName,
        address: selected.address,
        city: selected.city,
        ...(selected.state ? { state: selected.state } : {}),
        postalCode: selected.postalCode,
        phone: selected.phone,
      },
      orderTotal: toRupees(
        chargesTotalPaise(
          cartCharges({
            lines,
            discount: discount ? discount.amount : 0,
            shippingFee: quote.shippingFee,
            slotFee: chosenDelivery?.fee ?? 0,
            slotName: chosenDelivery?.window?.name,
          }),
        ),
      ),
      shippingFee: quote.shippingFee,
      shippingInfo: quote,
      ...(buyNow ? { buyNow: true } : {}),
      ...(discount ? { couponCode: discount.code, discount: discount.amount } : {}),
      ...(giftOptions ? { giftOptions } : {}),
      ...(updatesChoice.notify ? { notify: updatesChoice.notify } : {}),
      ...(updatesChoice.marketing ? { marketing: updatesChoice.marketing } : {}),
      ...(chosenDelivery ? { delivery: chosenDelivery } : {}),
      items: lines.map((line) => ({
        id: line.id,
        name: line.name,
        image: line.image,
        price: line.price,
        quantity: line.quantity,
        category: line.category,
        inStock: line.inStock,
        allowPreOrder: line.allowPreOrder,
        minQuantity: line.minQuantity,
        quantityTiers: [...(line.quantityTiers ?? [])],
        ...(line.personalisation ? { personalisation: line.personalisation } : {}),
      })),
    };
    navigate('/payment', { state: request });
  };

  const errors = loadFailed ? [`${ADDRESS_MESSAGES.loadFailed}. ${addressErrorMessage(saved.error)}`] : [];

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
          <label key={value} className="flex min-h-11 items-center gap-2 font-semibold text-stone-900">
            <input
              type="radio"
              name="send-as"
              className="h-5 w-5 accent-brand-600"
              checked={sendAs === value}
              onChange={() => setSendAs(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_22rem] md:items-start">
        {sendAs === 'list' ? (
          <Suspense fallback={<Spinner label="Loading the list form" />}>
            <GiftLinkListForm
              lines={lines}
              shippingFee={(shippingInfo ?? fallbackShipping).shippingFee}
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
              shippingFee={(shippingInfo ?? fallbackShipping).shippingFee}
              discount={discount || null}
              blocked={soldOut.length > 0 || coupon.checking}
            />
          </Suspense>
        ) : (
          <form
            id={formId}
            onSubmit={submit}
            onFocus={() => void loadChecks().catch(() => undefined)}
            className="flex flex-col gap-4"
            aria-label="Delivery address"
          >
            <AddressPicker
              addresses={saved.addresses}
              selectedId={selected?.id ?? null}
              loading={saved.loading}
              errors={errors}
              undeliverableId={undeliverable ? (selected?.id ?? null) : null}
              onSelect={setSelectedId}
              onAdd={() => setAddressModal({ isOpen: true, editing: null })}
              onEdit={editAddress}
              onRefresh={saved.refetch}
            />
            {!undeliverable && (
              <DeliveryDatePicker
                pincode={datesPincode}
                addressLoading={saved.loading}
                hasPreOrder={hasPreOrder}
                lookup={deliveryDates}
                value={chosenDelivery}
                onChange={setDateChoice}
              />
            )}
            <GiftOptionsField
              choice={gift}
              errors={giftErrors}
              onChange={(choice) => {
                setGift(choice);
                if (giftErrors && checks) setGiftErrors(checks.readGiftChoice(choice).errors);
              }}
            />
            <OrderUpdatesField
              choice={updates}
              isGift={gift.isGift}
              verifiedPhone={auth.user?.phone ?? null}
              hasEmail={hasEmail}
              storeName={storeSettings.storeName}
              offersGiven={offersGiven}
              error={updatesError}
              onChange={(choice) => {
                updatesTouched.current = true;
                setUpdates(choice);
                if (updatesError && checks) {
                  setUpdatesError(
                    checks.readUpdatesChoice(choice, {
                      verifiedPhone: auth.user?.phone ?? null,
                      isGift: gift.isGift,
                    }).error,
                  );
                }
              }}
            />
          </form>
        )}
        {/* Decision 0068: the total and the coupon come before the button that pays them. */}
        <div className="flex flex-col gap-3 md:sticky md:top-20">
          {summary}
          <CouponField coupon={coupon} />
          {checksUnavailable && (
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
              onEditAddress={() => selected && editAddress(selected)}
            />
          )}
          <OrderAgreement />
        </div>
      </div>
      {addressFormOpened && (
        <Suspense fallback={null}>
          <AddressModal
            isOpen={addressModal.isOpen}
            address={addressModal.editing}
            onClose={() => setAddressModal((current) => ({ ...current, isOpen: false }))}
            onSaved={(address) => setSelectedId(address.id)}
            verifiedPhone={auth.user?.phone}
          />
        </Suspense>
      )}
    </div>
  );
}

export { CheckoutPage as Component };
