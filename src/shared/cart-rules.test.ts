import { describe, expect, it } from 'vitest';
import {
  canAddToCart,
  clampQuantity,
  DEFAULT_MIN_QUANTITY,
  MAX_QUANTITY,
  STOCK_STATUS_LABELS,
  stockStatus,
} from './cart-rules';

describe('stockStatus (SPEC 4 Product stock)', () => {
  it('is in stock unless inStock is false', () => {
    expect(stockStatus({ inStock: true })).toBe('in_stock');
    expect(stockStatus({})).toBe('in_stock');
    expect(stockStatus({ inStock: null, allowPreOrder: true })).toBe('in_stock');
  });

  it('is pre-order when out of stock with pre-order allowed', () => {
    expect(stockStatus({ inStock: false, allowPreOrder: true })).toBe('pre_order');
  });

  it('is out of stock otherwise', () => {
    expect(stockStatus({ inStock: false, allowPreOrder: false })).toBe('out_of_stock');
    expect(stockStatus({ inStock: false })).toBe('out_of_stock');
  });

  it('labels each status as the product page shows it', () => {
    expect(STOCK_STATUS_LABELS).toEqual({
      in_stock: 'In Stock',
      pre_order: 'Pre-Order',
      out_of_stock: 'Out of Stock',
    });
  });
});

describe('canAddToCart (SPEC 4)', () => {
  it('allows in-stock and pre-order items and refuses out-of-stock ones', () => {
    expect(canAddToCart({ inStock: true })).toBe(true);
    expect(canAddToCart({ inStock: false, allowPreOrder: true })).toBe(true);
    expect(canAddToCart({ inStock: false, allowPreOrder: false })).toBe(false);
  });
});

describe('clampQuantity (SPEC 5: minQuantity to 10)', () => {
  it('uses the spec limits', () => {
    expect(MAX_QUANTITY).toBe(10);
    expect(DEFAULT_MIN_QUANTITY).toBe(1);
  });

  it('keeps the cart selector between 1 and 10', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(4)).toBe(4);
    expect(clampQuantity(11)).toBe(10);
  });

  it('keeps the product page at or above minQuantity', () => {
    expect(clampQuantity(2, 5)).toBe(5);
    expect(clampQuantity(7, 5)).toBe(7);
  });

  it('falls back to the minimum for a quantity that is not a number', () => {
    expect(clampQuantity(Number.NaN, 3)).toBe(3);
    expect(clampQuantity(2, Number.NaN)).toBe(2);
  });
});
