import { describe, expect, it } from 'vitest';
import {
  catalogClaims,
  homeDescription,
  lowestPriceClaim,
  productCountClaim,
  productCountLabel,
} from './catalog-claims';

describe('catalogue claims', () => {
  it('rounds the product count down, never up', () => {
    expect(productCountClaim(520)).toBe('500+ products');
    expect(productCountClaim(599)).toBe('500+ products');
    expect(productCountClaim(1234)).toBe('1,200+ products');
    expect(productCountClaim(100_000)).toBe('1,00,000+ products');
    expect(productCountClaim(47)).toBe('40+ products');
    expect(productCountClaim(3)).toBe('3 products');
    expect(productCountClaim(1)).toBe('1 product');
    expect(productCountClaim(0)).toBeNull();
  });

  it('says 1 product and 2 products, grouped the Indian way', () => {
    expect([0, 1, 2, 125_000].map(productCountLabel)).toEqual([
      '0 products',
      '1 product',
      '2 products',
      '1,25,000 products',
    ]);
  });

  it('starts prices at the cheapest product, in rupees', () => {
    expect(lowestPriceClaim(59)).toBe('Prices start at ₹59');
    expect(lowestPriceClaim(1299)).toBe('Prices start at ₹1,299');
    expect(lowestPriceClaim(null)).toBeNull();
  });

  it('claims nothing for an empty catalogue', () => {
    expect(catalogClaims({ productCount: 520, lowestPrice: 59 })).toEqual([
      'Prices start at ₹59',
      '500+ products',
    ]);
    expect(catalogClaims({ productCount: 0, lowestPrice: null })).toEqual([]);
  });

  it('describes the home with the live claims', () => {
    const settings = {
      tagline: 'Gifts for every occasion',
      sameDayCity: 'Bengaluru',
      freeShippingFrom: 1000,
    };
    expect(homeDescription(settings, { productCount: 520, lowestPrice: 59 })).toBe(
      'Gifts for every occasion. Prices start at ₹59, 500+ products, same-day delivery in Bengaluru, free shipping from ₹1,000, 7-day returns.',
    );
    expect(homeDescription(settings, undefined)).toBe(
      'Gifts for every occasion. Same-day delivery in Bengaluru, free shipping from ₹1,000, 7-day returns.',
    );
  });
});
