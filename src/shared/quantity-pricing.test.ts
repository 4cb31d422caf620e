import { describe, expect, it } from 'vitest';
import { formatPaise, toPaise } from './money';
import { describeTiers, QuantityTiers, TIER_MESSAGES, tierFor, unitPricePaise } from './quantity-pricing';

const partyTiers = [
  { minQuantity: 25, percentOff: 5 },
  { minQuantity: 50, percentOff: 10 },
];

const firstMessage = (input: unknown) => {
  const parsed = QuantityTiers.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('quantity pricing tiers', () => {
  it('prices ₹120 at 50 units with 10% off at ₹108 each, ₹5,400 in all', () => {
    const unit = unitPricePaise(toPaise(120), partyTiers, 50);
    expect(unit).toBe(10_800);
    expect(formatPaise(unit * 50)).toBe('₹5,400');
  });

  it('uses the highest tier a quantity reaches and the list price below the first', () => {
    expect(unitPricePaise(toPaise(120), partyTiers, 24)).toBe(12_000);
    expect(unitPricePaise(toPaise(120), partyTiers, 25)).toBe(11_400);
    expect(unitPricePaise(toPaise(120), partyTiers, 49)).toBe(11_400);
    expect(unitPricePaise(toPaise(120), partyTiers, 500)).toBe(10_800);
    expect(tierFor(partyTiers, 10)).toBeNull();
    expect(unitPricePaise(toPaise(120), [], 500)).toBe(12_000);
  });

  it('rounds a unit price down to the whole paisa', () => {
    // ₹99.99 less 5% is ₹94.9905: the customer pays ₹94.99.
    expect(unitPricePaise(9_999, partyTiers, 30)).toBe(9_499);
    // ₹0.99 less 10% is 89.1 paise: 89.
    expect(unitPricePaise(99, partyTiers, 60)).toBe(89);
  });

  it('accepts ascending tiers and none', () => {
    expect(QuantityTiers.parse(partyTiers)).toEqual(partyTiers);
    expect(QuantityTiers.parse([])).toEqual([]);
  });

  it('refuses tiers out of range, out of order or repeated', () => {
    expect(firstMessage([{ minQuantity: 1, percentOff: 5 }])).toBe(TIER_MESSAGES.minQuantity);
    expect(firstMessage([{ minQuantity: 25, percentOff: 0 }])).toBe(TIER_MESSAGES.percent);
    expect(firstMessage([{ minQuantity: 25, percentOff: 91 }])).toBe(TIER_MESSAGES.percent);
    expect(firstMessage([{ minQuantity: 25.5, percentOff: 5 }])).toBe(
      'The tier quantity must be a whole number',
    );
    expect(firstMessage([...partyTiers].reverse())).toBe(TIER_MESSAGES.ascending);
    expect(
      firstMessage([
        { minQuantity: 25, percentOff: 5 },
        { minQuantity: 25, percentOff: 10 },
      ]),
    ).toBe(TIER_MESSAGES.ascending);
    expect(
      firstMessage([
        { minQuantity: 25, percentOff: 10 },
        { minQuantity: 50, percentOff: 10 },
      ]),
    ).toBe(TIER_MESSAGES.ascending);
  });

  it('describes tiers in the product page words', () => {
    expect(describeTiers(partyTiers)).toBe('5% off from 25 pieces, 10% off from 50');
    expect(describeTiers([{ minQuantity: 1000, percentOff: 15 }])).toBe('15% off from 1,000 pieces');
  });
});
