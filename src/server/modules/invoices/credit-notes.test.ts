import { describe, expect, it } from 'vitest';
import { allocate } from './credit-notes';

describe('allocate', () => {
  it('splits a refund over the lines in proportion, adding up to it exactly', () => {
    // ₹399.00 over lines of ₹399.99, ₹249.50 and ₹50 shipping.
    const parts = allocate(39_900, [39_999, 24_950, 5_000]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(39_900);
    expect(parts).toEqual([22_816, 14_232, 2_852]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('gives everything to the one line that weighs, and nothing without weights', () => {
    expect(allocate(39_900, [0, 39_900, 0])).toEqual([0, 39_900, 0]);
    expect(allocate(500, [0, 0])).toEqual([0, 0]);
  });
});
