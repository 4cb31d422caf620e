import { describe, expect, it } from 'vitest';
import { productImageSrcSet, uploadedImagePath } from './product-images';

describe('productImageSrcSet', () => {
  it('offers every width written for an uploaded image', () => {
    expect(productImageSrcSet(uploadedImagePath('p521-m3x9k2', 600))).toBe(
      '/uploads/products/p521-m3x9k2-300.webp 300w, /uploads/products/p521-m3x9k2-600.webp 600w',
    );
  });

  it('has none for images with one size: seeded artwork, the placeholder, other sites', () => {
    expect(productImageSrcSet('/uploads/products/17.svg')).toBeUndefined();
    expect(productImageSrcSet('/placeholder-product.svg')).toBeUndefined();
    expect(productImageSrcSet('https://example.com/uploads/products/p1-a-600.webp')).toBeUndefined();
  });
});
