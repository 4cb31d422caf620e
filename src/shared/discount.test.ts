import { describe, expect, it } from 'vitest';
import { discountBadge, discountTier, SYNTHETIC_DISCOUNTS, syntheticMrp } from './discount';

describe('discountBadge (SPEC 9)', () => {
  it('rounds the saving to a whole percent of the mrp', () => {
    expect(discountBadge({ price: 499, mrp: 999 })).toEqual({ percent: 50, tier: 'red' });
    expect(discountBadge({ price: 299, mrp: 449 })).toEqual({ percent: 33, tier: 'orange' });
  });

  it('rounds exactly half a percent up', () => {
    // (200 - 99) / 200 = 50.5%
    expect(discountBadge({ price: 99, mrp: 200 })?.percent).toBe(51);
  });

  it.each([
    [50, 'red'],
    [49, 'orange'],
    [30, 'orange'],
    [29, 'yellow'],
    [20, 'yellow'],
    [19, 'green'],
    [1, 'green'],
  ] as const)('colours %i%% %s', (percent, tier) => {
    expect(discountTier(percent)).toBe(tier);
  });

  it('shows no badge without an mrp', () => {
    expect(discountBadge({ price: 499 })).toBeNull();
    expect(discountBadge({ price: 499, mrp: null })).toBeNull();
  });

  it('shows no badge when the mrp is not above the price', () => {
    expect(discountBadge({ price: 499, mrp: 499 })).toBeNull();
    expect(discountBadge({ price: 499, mrp: 450 })).toBeNull();
  });

  it('shows no badge for a saving that rounds to 0%', () => {
    expect(discountBadge({ price: 999, mrp: 1000 })).toBeNull();
  });
});

describe('syntheticMrp (SPEC 9)', () => {
  it('chooses the discount by product id', () => {
    expect(SYNTHETIC_DISCOUNTS).toEqual([15, 20, 25, 30, 35, 40]);
    expect(syntheticMrp(100, 6)).toBe(118); // id % 6 = 0: 15%
    expect(syntheticMrp(100, 1)).toBe(125); // 20%
    expect(syntheticMrp(300, 2)).toBe(400); // 25%
    expect(syntheticMrp(100, 5)).toBe(167); // 40%
  });

  it('gives an mrp whose badge reads the chosen discount', () => {
    for (const [id, discount] of SYNTHETIC_DISCOUNTS.entries()) {
      expect(discountBadge({ price: 249, mrp: syntheticMrp(249, id) })?.percent).toBe(discount);
    }
  });
});
