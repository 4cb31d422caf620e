import { useQuery } from '@tanstack/react-query';
import type { ShippingCalculation } from '../../../shared/delivery';
import { calculateShipping, shippingRulesFromRupees } from '../../../shared/shipping';
import { storeSettings } from '../../app-data';
import { requestShippingQuote } from '../../features/cart/use-cart';
import type { CheckoutLine } from '../../features/checkout/checkout-lines';
import type { CheckoutShipping } from '../../features/checkout/order-summary';

/**
 * SPEC 4 and 8: the shipping checkout prices with. The cart's own quote, or for Buy Now's one line
 * (decision 0069) a quote of its own, asked once the shopper is signed in (the server's quote needs
 * the token); the store's rules stand in while a quote is awaited or when it fails.
 */
export function useCheckoutShipping({
  buyNow,
  userId,
  subtotal,
  cart,
}: {
  buyNow: CheckoutLine | null;
  userId: number | null;
  /** Rupees: the lines' subtotal, for the store's own rules. */
  subtotal: number;
  cart: { shippingInfo: ShippingCalculation | null; loading: boolean };
}): { quote: ShippingCalculation; shipping: CheckoutShipping | null } {
  const buyNowQuote = useQuery({
    queryKey: ['checkout', 'buy-now-shipping', buyNow?.id, buyNow?.quantity],
    queryFn: ({ signal }) =>
      requestShippingQuote([{ product: buyNow?.id ?? 0, quantity: buyNow?.quantity ?? 1 }], signal),
    enabled: buyNow !== null && userId !== null,
    retry: false,
  });
  const fallback = calculateShipping(subtotal, shippingRulesFromRupees(storeSettings));
  const shippingInfo = buyNow ? (buyNowQuote.data ?? fallback) : cart.shippingInfo;
  return {
    quote: shippingInfo ?? fallback,
    shipping: shippingInfo && {
      fee: shippingInfo.shippingFee,
      free: shippingInfo.freeShipping,
      message: shippingInfo.shippingReason,
      loading: buyNow ? buyNowQuote.isFetching : cart.loading,
    },
  };
}
