import { Link } from 'react-router';
import { canAddToCart, REMOVE_OUT_OF_STOCK_MESSAGE } from '../../../shared/cart-rules';
import { formatInr, toRupees } from '../../../shared/money';
import { cartCharges, chargeSummary } from '../../../shared/order-charges';
import { storeSettings } from '../../app-data';
import { SavingRows } from '../../components/saving-rows';
import { itemCountLabel } from './cart-bar';
import { useCartState } from './use-cart';

/** SPEC 2 cart totals: subtotal, shipping ('Free' or the amount), total, the shipping message. */
export function CartSummary() {
  const { items, total, itemCount, shippingInfo, loading } = useCartState();
  const unavailable = items.filter((item) => !canAddToCart(item));
  const fee = shippingInfo?.shippingFee ?? 0;
  const freeShipping = shippingInfo?.freeShipping ?? false;
  const toFree = storeSettings.freeShippingFrom - total;
  // Decision 0080: a line that reaches its product's quantity tier is a discount charge of its own.
  const money = chargeSummary(cartCharges({ lines: items, shippingFee: fee }));

  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 id="cart-summary-title" className="text-lg font-bold text-stone-900">
        Order Summary
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-700">Subtotal ({itemCountLabel(itemCount)})</dt>
          <dd className="font-semibold">{formatInr(total)}</dd>
        </div>
        <SavingRows savings={money.quantityDiscounts} />
        <div className="flex justify-between">
          <dt className="text-stone-700">Shipping</dt>
          <dd className={`font-semibold ${freeShipping && !loading ? 'text-green-700' : ''}`}>
            {loading ? 'Calculating...' : freeShipping ? 'Free' : formatInr(fee)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-brand-100 pt-2 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="font-extrabold text-stone-900">
            {loading ? 'Calculating...' : formatInr(toRupees(money.totalPaise))}
          </dd>
        </div>
      </dl>
      {shippingInfo && !loading && (
        <p
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${freeShipping ? 'bg-green-50 text-green-800' : 'bg-brand-50 text-brand-800'}`}
        >
          {shippingInfo.shippingReason}
          {!freeShipping && toFree > 0 && ` · Add ${formatInr(toFree)} more for free shipping`}
        </p>
      )}
      {unavailable.length > 0 ? (
        <>
          <p className="mt-4 text-sm font-semibold text-red-700">{REMOVE_OUT_OF_STOCK_MESSAGE}</p>
          <button
            type="button"
            disabled
            className="mt-2 min-h-11 w-full cursor-not-allowed rounded-lg bg-stone-300 px-4 font-semibold text-stone-600"
          >
            Proceed to Checkout
          </button>
        </>
      ) : (
        <Link
          to="/checkout"
          className="mt-4 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          Proceed to Checkout
        </Link>
      )}
      <Link
        to="/products"
        className="mt-3 block text-center text-sm font-semibold text-brand-700 hover:underline"
      >
        Continue Shopping
      </Link>
    </section>
  );
}
