import { describe, expect, it } from 'vitest';
import { formatInr, formatLineAmount, formatPaise, lineAmountPaise, toPaise, toRupees } from './money';

describe('formatInr (DESIGN 4: en-IN grouping)', () => {
  it('groups lakhs the Indian way', () => {
    expect(formatInr(100000)).toBe('₹1,00,000');
    expect(formatInr(1234567)).toBe('₹12,34,567');
  });

  it('shows whole rupees without paise', () => {
    expect(formatInr(50)).toBe('₹50');
    expect(formatInr(1000)).toBe('₹1,000');
    expect(formatInr(0)).toBe('₹0');
  });

  it('shows two decimals when there are paise', () => {
    expect(formatInr(99.5)).toBe('₹99.50');
    expect(formatInr(1499.99)).toBe('₹1,499.99');
  });
});

describe('paise and rupees', () => {
  it('converts rupees to whole paise without floating-point drift', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1000)).toBe(100000);
  });

  it('converts paise back to rupees', () => {
    expect(toRupees(5000)).toBe(50);
    expect(toRupees(1999)).toBe(19.99);
  });

  it('formats paise as rupees', () => {
    expect(formatPaise(100000)).toBe('₹1,000');
    expect(formatPaise(9950)).toBe('₹99.50');
  });

  it('multiplies a line in paise, so ₹0.10 × 3 is ₹0.30 and ₹19.99 × 3 is ₹59.97 exactly', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(lineAmountPaise({ price: 0.1, quantity: 3 })).toBe(30);
    expect(lineAmountPaise({ price: 19.99, quantity: 3 })).toBe(5997);
    expect(formatLineAmount({ price: 0.1, quantity: 3 })).toBe('₹0.30');
    expect(formatLineAmount({ price: 1299, quantity: 100 })).toBe('₹1,29,900');
  });
});
