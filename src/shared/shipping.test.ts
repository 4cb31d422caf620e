import { describe, expect, it } from 'vitest';
import {
  calculateShipping,
  FREE_SHIPPING_FROM_PAISE,
  quoteShipping,
  quoteShippingPaise,
  SHIPPING_FEE_PAISE,
  shippingQuoteMessage,
  shippingRulesFromRupees,
} from './shipping';

describe('quoteShippingPaise (SPEC 9: free from ₹1,000, else ₹50)', () => {
  it('defaults to ₹1,000 and ₹50', () => {
    expect(FREE_SHIPPING_FROM_PAISE).toBe(100000);
    expect(SHIPPING_FEE_PAISE).toBe(5000);
  });

  it('ships free at exactly ₹1,000', () => {
    expect(quoteShippingPaise(100000)).toEqual({ shippingFeePaise: 0, freeShipping: true });
  });

  it('charges ₹50 one paisa below ₹1,000', () => {
    expect(quoteShippingPaise(99999)).toEqual({ shippingFeePaise: 5000, freeShipping: false });
  });

  it('charges ₹50 for an order value of 0, as the pincode quote asks', () => {
    expect(quoteShippingPaise(0)).toEqual({ shippingFeePaise: 5000, freeShipping: false });
  });

  it('refuses a negative or fractional subtotal', () => {
    expect(() => quoteShippingPaise(-1)).toThrow(RangeError);
    expect(() => quoteShippingPaise(10.5)).toThrow(RangeError);
  });

  it('follows configured rules', () => {
    const rules = shippingRulesFromRupees({ freeShippingFrom: 1500, shippingFee: 80 });
    expect(quoteShippingPaise(120000, rules)).toEqual({ shippingFeePaise: 8000, freeShipping: false });
    expect(quoteShippingPaise(150000, rules)).toEqual({ shippingFeePaise: 0, freeShipping: true });
  });
});

describe('calculateShipping (SPEC 3 shipping calculation)', () => {
  it('adds ₹50 below the threshold', () => {
    expect(calculateShipping(999)).toEqual({
      subtotal: 999,
      shippingFee: 50,
      total: 1049,
      freeShipping: false,
      shippingReason: '₹50 shipping charge',
    });
  });

  it('ships free from ₹1,000', () => {
    expect(calculateShipping(1000)).toEqual({
      subtotal: 1000,
      shippingFee: 0,
      total: 1000,
      freeShipping: true,
      shippingReason: 'Free shipping for orders ≥ ₹1,000',
    });
  });

  it('adds paise without floating-point drift', () => {
    expect(calculateShipping(199.9 + 0.2).total).toBe(250.1);
  });

  it('words the reason from the configured rules', () => {
    const rules = shippingRulesFromRupees({ freeShippingFrom: 1500, shippingFee: 80 });
    expect(calculateShipping(1600, rules).shippingReason).toBe('Free shipping for orders ≥ ₹1,500');
    expect(calculateShipping(1200, rules).shippingReason).toBe('₹80 shipping charge');
  });

  it('ships everything free when the configured fee is zero', () => {
    const rules = shippingRulesFromRupees({ freeShippingFrom: 1000, shippingFee: 0 });
    expect(calculateShipping(200, rules)).toMatchObject({
      shippingFee: 0,
      freeShipping: true,
      shippingReason: 'Free shipping',
    });
  });
});

describe('quoteShipping (SPEC 3 shipping quote by pincode)', () => {
  it("quotes '₹50 shipping charge' below the threshold", () => {
    expect(quoteShipping(0)).toEqual({ cost: 50, free: false, message: '₹50 shipping charge' });
  });

  it("quotes 'Free shipping' from the threshold", () => {
    expect(quoteShipping(2500)).toEqual({ cost: 0, free: true, message: 'Free shipping' });
  });

  it('formats the cost in rupees with Indian grouping', () => {
    expect(shippingQuoteMessage({ free: false, cost: 1200 })).toBe('₹1,200 shipping charge');
  });
});
