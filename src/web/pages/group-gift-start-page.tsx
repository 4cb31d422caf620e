import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GROUP_GIFT_MAX_DAYS } from '../../shared/group-gifts';
import { addDays, indiaDateOf } from '../../shared/india-time';
import { formatInr, toRupees } from '../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../shared/order-charges';
import { calculateShipping, shippingRulesFromRupees } from '../../shared/shipping';
import { ApiError } from '../api/client';
import { storeSettings } from '../app-data';
import { Button, buttonClass } from '../components/button';
import { FormField, TextAreaField } from '../components/form-field';
import { PageMeta } from '../components/page-meta';
import { EmptyState, ErrorBanner, Spinner } from '../components/status-message';
import { useAuth } from '../features/auth/auth-provider';
import { PhoneSignInForm } from '../features/auth/phone-sign-in-form';
import { readBuyNowLine } from '../features/cart/buy-now';
import { toCartItem } from '../features/cart/cart-item';
import { useCartState } from '../features/cart/use-cart';
import { useProduct } from '../features/catalog/catalog-api';
import { groupGiftErrorOf, openGroupGift } from '../features/group-gifts/group-gifts-api';
import { type AddressFields, emptyAddress, GiftAddressFields, shippingAddressOf } from './gift-address-form';

// Decision 0084: "Start a group gift" from the product page (that gift alone) or the cart. The
// organiser chooses who it is for, the address, the last day to chip in, a message and a share;
// nothing is ticked for them. The pool's page opens next, to share on WhatsApp.

type Fields = {
  recipientName: string;
  message: string;
  closesOn: string;
  suggestedShare: string;
  surprise: boolean;
  /** Decision 0081: the recipient gives the address once the pool is met. */
  byLink: boolean;
  recipientPhone: string;
};

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
  const [fields, setFields] = useState<Fields>({
    recipientName: '',
    message: '',
    closesOn: addDays(today, 7),
    suggestedShare: '',
    surprise: false,
    byLink: false,
    recipientPhone: '',
  });
  const [address, setAddress] = useState<AddressFields>(emptyAddress());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = (key: keyof Fields) => (value: string) => setFields((now) => ({ ...now, [key]: value }));

  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const shippingFee = calculateShipping(subtotal, shippingRulesFromRupees(storeSettings)).shippingFee;
  const total = toRupees(chargesTotalPaise(cartCharges({ lines, shippingFee })));
  const fieldError = (name: string) =>
    error instanceof ApiError
      ? error.errors.find((entry) => entry.path.startsWith(name))?.message
      : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
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
        ...(fields.byLink
          ? {
              giftLink: {
                recipient: { name: fields.recipientName, phone: fields.recipientPhone },
                allowedSlots: ['standard' as const],
              },
            }
          : { shippingAddress: shippingAddressOf(address) }),
        recipientName: fields.recipientName,
        closesOn: fields.closesOn,
        ...(fields.message.trim() ? { message: fields.message } : {}),
        ...(fields.suggestedShare ? { suggestedShare: Number(fields.suggestedShare) } : {}),
        surprise: fields.surprise,
      });
      navigate(opened.path, { state: { justOpened: true } });
    } catch (caught) {
      setError(caught);
      setSending(false);
    }
  };

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
        <form
          onSubmit={(event) => void submit(event)}
          aria-label="Start a group gift"
          className="flex flex-col gap-3"
        >
          <FormField
            label="Who is it for?"
            required
            maxLength={100}
            value={fields.recipientName}
            error={fieldError('recipientName')}
            onChange={(event) => set('recipientName')(event.target.value)}
          />
          <TextAreaField
            label="Message to the friends (optional)"
            maxLength={250}
            rows={3}
            value={fields.message}
            error={fieldError('message')}
            onChange={(event) => set('message')(event.target.value)}
          />
          <FormField
            label="Last day to chip in"
            type="date"
            required
            min={today}
            max={addDays(today, GROUP_GIFT_MAX_DAYS)}
            value={fields.closesOn}
            error={fieldError('closesOn')}
            onChange={(event) => set('closesOn')(event.target.value)}
          />
          <FormField
            label="Suggested share in ₹ (optional)"
            type="number"
            inputMode="numeric"
            min={50}
            value={fields.suggestedShare}
            error={fieldError('suggestedShare')}
            onChange={(event) => set('suggestedShare')(event.target.value)}
          />
          <label className="flex items-center gap-2 text-stone-800">
            <input
              type="checkbox"
              checked={fields.surprise}
              onChange={(event) => setFields((now) => ({ ...now, surprise: event.target.checked }))}
            />
            Keep the gift a surprise on the page
          </label>
          <h2 className="mt-2 text-lg font-bold text-stone-900">Deliver to</h2>
          <label className="flex items-center gap-2 text-stone-800">
            <input
              type="checkbox"
              checked={fields.byLink}
              onChange={(event) => setFields((now) => ({ ...now, byLink: event.target.checked }))}
            />
            Send as a gift link: they give the address when it is paid for
          </label>
          {fields.byLink ? (
            <FormField
              label="Their mobile number, for the link"
              type="tel"
              autoComplete="off"
              required
              maxLength={20}
              value={fields.recipientPhone}
              error={fieldError('giftLink')}
              onChange={(event) => set('recipientPhone')(event.target.value)}
            />
          ) : (
            <GiftAddressFields
              by="sender"
              value={address}
              onChange={setAddress}
              errorOf={(field) => fieldError(`shippingAddress.${field === 'landmark' ? 'address' : field}`)}
            />
          )}
          {error !== null && <ErrorBanner>{groupGiftErrorOf(error)}</ErrorBanner>}
          <Button type="submit" disabled={sending}>
            {sending ? 'Starting…' : 'Start the group gift'}
          </Button>
        </form>
      )}
    </section>
  );
}

export { GroupGiftStartPage as Component };
