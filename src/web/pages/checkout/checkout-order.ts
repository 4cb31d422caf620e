import type { AddressForm } from '../../../shared/address-rules';
import type { ShippingCalculation } from '../../../shared/delivery';
import type { DeliveryChoiceRecord } from '../../../shared/delivery-dates';
import { toRupees } from '../../../shared/money';
import { cartCharges, chargesTotalPaise } from '../../../shared/order-charges';
import type { CheckedCheckout } from '../../features/checkout/checkout-checks';
import type { CheckoutLine } from '../../features/checkout/checkout-lines';
import type { CheckoutDelivery } from '../../features/checkout/delivery-estimate';
import type { PaymentRequest } from '../../features/payment/payment-request';

// SPEC 2 "Checkout": what checkout prices and what it hands the payment page, from its inputs
// alone, so the page only composes (and these rules are tested without rendering it).

/** What the order is made of when the shopper proceeds to payment. */
export type CheckoutOrderInputs = {
  lines: readonly CheckoutLine[];
  /** The address chosen, complete (SPEC 5's rules). */
  address: AddressForm;
  /** Rupees off, and the code, of the coupon the server accepted. */
  discount: { code: string; amount: number } | null;
  /** The shipping quote the order is priced with (the server's, or the store's rules while awaited). */
  quote: ShippingCalculation;
  /** The day and slot picked, as offered for the address (with its fee). */
  delivery: DeliveryChoiceRecord | null;
  /** Decision 0069: Buy Now's one line, the cart left as it is. */
  buyNow: boolean;
  /** The gift options and order updates, as the server's schemas read them. */
  choices: CheckedCheckout;
};

/** Rupees the order comes to, by the one model of an order's money that create-order uses too. */
export const checkoutTotal = ({
  lines,
  discount,
  quote,
  delivery,
}: Pick<CheckoutOrderInputs, 'lines' | 'discount' | 'quote' | 'delivery'>) =>
  toRupees(
    chargesTotalPaise(
      cartCharges({
        lines,
        discount: discount ? discount.amount : 0,
        shippingFee: quote.shippingFee,
        slotFee: delivery?.fee ?? 0,
        slotName: delivery?.window?.name,
      }),
    ),
  );

/** What checkout hands the payment page (SPEC 2 to 5): the order as the shopper saw it priced. */
export function checkoutPaymentRequest(inputs: CheckoutOrderInputs): PaymentRequest {
  const { lines, address, discount, quote, delivery, buyNow, choices } = inputs;
  return {
    address: {
      fullName: address.fullName,
      address: address.address,
      city: address.city,
      ...(address.state ? { state: address.state } : {}),
      postalCode: address.postalCode,
      phone: address.phone,
    },
    orderTotal: checkoutTotal(inputs),
    shippingFee: quote.shippingFee,
    shippingInfo: quote,
    ...(buyNow ? { buyNow: true } : {}),
    ...(discount ? { couponCode: discount.code, discount: discount.amount } : {}),
    ...(choices.giftOptions ? { giftOptions: choices.giftOptions } : {}),
    ...(choices.notify ? { notify: choices.notify } : {}),
    ...(choices.marketing ? { marketing: choices.marketing } : {}),
    ...(delivery ? { delivery } : {}),
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
}

/**
 * What holds Proceed to Payment back at a complete address, if anything (SPEC 2 and 8): a line sold
 * out, an address the order cannot go to, a coupon or the pincode still being checked.
 */
export function checkoutHold(state: {
  couponChecking: boolean;
  undeliverable: boolean;
  soldOut: number;
  delivery: CheckoutDelivery['status'];
}): 'checking' | 'undeliverable' | 'sold-out' | null {
  if (state.soldOut > 0) return 'sold-out';
  if (state.undeliverable) return 'undeliverable';
  if (state.couponChecking || state.delivery === 'checking') return 'checking';
  return null;
}
