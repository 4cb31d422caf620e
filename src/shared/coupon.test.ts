import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  COUPON_MESSAGES,
  type CouponTerms,
  couponDiscount,
  couponSummary,
  minimumOrderMessage,
  normaliseCouponCode,
} from './coupon';

const NOW = new Date('2031-10-20T06:00:00.000Z');
const DIWALI = 7;
const RAKHI = 9;

const terms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'DIWALI20',
  kind: 'percent',
  value: 20,
  minOrderPaise: 0,
  maxDiscountPaise: null,
  startsAt: null,
  endsAt: null,
  categoryIds: [],
  active: true,
  ...overrides,
});

const line = (rupees: number, quantity = 1, categoryId = DIWALI) => ({
  pricePaise: rupees * 100,
  quantity,
  categoryId,
});

describe('couponDiscount', () => {
  it('takes a percent of the items, rounded down to the paisa', () => {
    expect(couponDiscount(terms(), [line(499, 2)], NOW)).toEqual({
      ok: true,
      discountPaise: 19_960,
      eligibleSubtotalPaise: 99_800,
    });
    // 15% of ₹333.33 is ₹49.9995: the shopper gets ₹49.99, never a fraction of a paisa.
    const odd = { pricePaise: 33_333, quantity: 1, categoryId: DIWALI };
    expect(couponDiscount(terms({ value: 15 }), [odd], NOW)).toMatchObject({ discountPaise: 4_999 });
  });

  it('caps a percent at the maximum discount', () => {
    const capped = terms({ value: 50, maxDiscountPaise: 20_000 });
    expect(couponDiscount(capped, [line(1_000)], NOW)).toMatchObject({ discountPaise: 20_000 });
  });

  it('gives a flat amount, but never more than the items cost', () => {
    const flat = terms({ kind: 'flat', value: 15_000 });
    expect(couponDiscount(flat, [line(600)], NOW)).toMatchObject({ discountPaise: 15_000 });
    expect(couponDiscount(flat, [line(100)], NOW)).toMatchObject({ discountPaise: 10_000 });
  });

  it('counts only the categories it applies to, also for the minimum order', () => {
    const diwaliOnly = terms({ categoryIds: [DIWALI], minOrderPaise: 50_000 });
    expect(couponDiscount(diwaliOnly, [line(600), line(900, 1, RAKHI)], NOW)).toEqual({
      ok: true,
      discountPaise: 12_000,
      eligibleSubtotalPaise: 60_000,
    });
    expect(couponDiscount(diwaliOnly, [line(300), line(900, 1, RAKHI)], NOW)).toEqual({
      ok: false,
      message: minimumOrderMessage(50_000),
    });
    expect(couponDiscount(diwaliOnly, [line(900, 1, RAKHI)], NOW)).toEqual({
      ok: false,
      message: COUPON_MESSAGES.noEligibleItems,
    });
  });

  it('holds only between its validity dates, both inclusive', () => {
    const window = terms({
      startsAt: new Date('2031-10-20T06:00:00.000Z'),
      endsAt: new Date('2031-11-05T18:29:59.999Z'),
    });
    expect(couponDiscount(window, [line(500)], NOW).ok).toBe(true);
    expect(couponDiscount(window, [line(500)], new Date('2031-10-20T05:59:59.999Z'))).toEqual({
      ok: false,
      message: COUPON_MESSAGES.notStarted,
    });
    expect(couponDiscount(window, [line(500)], new Date('2031-11-05T18:30:00.000Z'))).toEqual({
      ok: false,
      message: COUPON_MESSAGES.expired,
    });
  });

  it('treats a switched-off coupon as an unknown code', () => {
    expect(couponDiscount(terms({ active: false }), [line(500)], NOW)).toEqual({
      ok: false,
      message: COUPON_MESSAGES.notFound,
    });
  });
});

describe('allocateDiscount', () => {
  it('splits the discount over eligible lines by value, adding up to the paisa', () => {
    const lines = [
      line(100),
      line(200),
      line(400, 1, RAKHI),
      { pricePaise: 3_333, quantity: 3, categoryId: DIWALI },
    ];
    const shares = allocateDiscount({ categoryIds: [DIWALI] }, lines, 10_001);
    expect(shares[2]).toBe(0);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(10_001);
    // ₹100 : ₹200 : ₹99.99 of ₹399.99 is 2500.31 : 5000.63 : 2500.06; the paisa left goes to 5000.63.
    expect(shares).toEqual([2_500, 5_001, 0, 2_500]);
  });

  it('gives nothing when there is no discount', () => {
    expect(allocateDiscount({ categoryIds: [] }, [line(100), line(50)], 0)).toEqual([0, 0]);
  });
});

describe('coupon codes and summaries', () => {
  it('compares codes upper-case without spaces around them', () => {
    expect(normaliseCouponCode('  diwali20 ')).toBe('DIWALI20');
  });

  it('describes the offer in rupees', () => {
    expect(couponSummary({ kind: 'percent', value: 20, maxDiscountPaise: 20_000, minOrderPaise: 0 })).toBe(
      '20% off (up to ₹200)',
    );
    expect(
      couponSummary({ kind: 'flat', value: 15_000, maxDiscountPaise: null, minOrderPaise: 99_900 }),
    ).toBe('₹150 off on orders of ₹999 or more');
  });
});
