import { describe, expect, it } from 'vitest';
import type { CheckoutLine } from '../../features/checkout/checkout-lines';
import { checkoutHold, checkoutPaymentRequest, checkoutTotal } from './checkout-order';

// SPEC 2: what checkout prices and hands the payment page, from its inputs alone.

const CAKE: CheckoutLine = {
  id: 7,
  name: 'Chocolate Truffle Cake',
  image: '/cake.jpg',
  price: 849,
  quantity: 2,
  category: 'Cakes',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
};
const ADDRESS = {
  fullName: 'Meera Iyer',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '9845012345',
};
const QUOTE = {
  subtotal: 1698,
  shippingFee: 49,
  total: 1747,
  freeShipping: false,
  shippingReason: 'Below ₹999',
};
const MIDNIGHT = { date: '2026-12-08', slot: 'midnight' as const, fee: 199 };

describe("checkout's order", () => {
  it('prices the lines, less the coupon, with shipping and the slot picked', () => {
    // 2 × 849 = 1,698, less 100, plus 49 shipping and 199 for midnight.
    expect(
      checkoutTotal({
        lines: [CAKE],
        discount: { code: 'DIWALI', amount: 100 },
        quote: QUOTE,
        delivery: MIDNIGHT,
      }),
    ).toBe(1846);
    expect(checkoutTotal({ lines: [CAKE], discount: null, quote: QUOTE, delivery: null })).toBe(1747);
  });

  it('hands payment the order as priced, with only the choices made', () => {
    const request = checkoutPaymentRequest({
      lines: [CAKE],
      address: ADDRESS,
      discount: { code: 'DIWALI', amount: 100 },
      quote: QUOTE,
      delivery: MIDNIGHT,
      buyNow: true,
      choices: { giftOptions: { message: 'Happy birthday!', hidePrices: true, recipientEmail: null } },
    });
    expect(request).toEqual({
      address: ADDRESS,
      orderTotal: 1846,
      shippingFee: 49,
      shippingInfo: QUOTE,
      buyNow: true,
      couponCode: 'DIWALI',
      discount: 100,
      giftOptions: { message: 'Happy birthday!', hidePrices: true, recipientEmail: null },
      delivery: MIDNIGHT,
      items: [{ ...CAKE, quantityTiers: [] }],
    });
    const plain = checkoutPaymentRequest({
      lines: [CAKE],
      address: { ...ADDRESS, state: '' },
      discount: null,
      quote: QUOTE,
      delivery: null,
      buyNow: false,
      choices: {},
    });
    expect(Object.keys(plain).sort()).toEqual([
      'address',
      'items',
      'orderTotal',
      'shippingFee',
      'shippingInfo',
    ]);
    expect(plain.address).not.toHaveProperty('state');
  });

  it('holds Proceed to Payment for a sold-out line, an undeliverable address, or a check under way', () => {
    const clear = { couponChecking: false, undeliverable: false, soldOut: 0, delivery: 'checked' as const };
    expect(checkoutHold(clear)).toBeNull();
    expect(checkoutHold({ ...clear, soldOut: 1, undeliverable: true })).toBe('sold-out');
    expect(checkoutHold({ ...clear, undeliverable: true })).toBe('undeliverable');
    expect(checkoutHold({ ...clear, couponChecking: true })).toBe('checking');
    expect(checkoutHold({ ...clear, delivery: 'checking' })).toBe('checking');
    expect(checkoutHold({ ...clear, delivery: 'unknown' })).toBeNull();
  });
});
