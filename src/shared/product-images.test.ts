import { describe, expect, it } from 'vitest';
import { productImageSrcSet } from './product-images';

describe('productImageSrcSet', () => {
  it('offers every width written for an uploaded image', () => {
    expect(productImageSrcSet('/uploads/products/p521-m3x9k2a1f0-600.webp')).toBe(
      '/uploads/products/p521-m3x9k2a1f0-300.webp 300w, /uploads/products/p521-m3x9k2a1f0-600.webp 600w',
    );
    // The same from an S3-compatible bucket (issue 12), served under /media.
    expect(productImageSrcSet('/media/products/p521-m3x9k2a1f0-600.webp')).toBe(
      '/media/products/p521-m3x9k2a1f0-300.webp 300w, /media/products/p521-m3x9k2a1f0-600.webp 600w',
    );
  });

  it('offers both widths of a demo catalogue picture (issue 25)', () => {
    expect(productImageSrcSet('/uploads/products/art-3f9a0c12be45-600.webp')).toBe(
      '/uploads/products/art-3f9a0c12be45-300.webp 300w, /uploads/products/art-3f9a0c12be45-600.webp 600w',
    );
  });

  it('has none for images with one size: an old SVG, the placeholder, other sites', () => {
    expect(productImageSrcSet('/uploads/products/17.svg')).toBeUndefined();
    expect(productImageSrcSet('/placeholder-product.svg')).toBeUndefined();
    expect(productImageSrcSet('https://example.com/uploads/products/p1-a-600.webp')).toBeUndefined();
  });
});
