import { describe, expect, it } from 'vitest';
import { productImageKey, productImageSrcSet } from './product-images';

describe('productImageSrcSet', () => {
  it('offers the three widths stored for an uploaded image', () => {
    expect(productImageSrcSet('/uploads/products/p521-m3x9k2a1f0-600w.webp')).toBe(
      '/uploads/products/p521-m3x9k2a1f0-300w.webp 300w, /uploads/products/p521-m3x9k2a1f0-400w.webp 400w, ' +
        '/uploads/products/p521-m3x9k2a1f0-600w.webp 600w',
    );
    // The same from an S3-compatible bucket, served under /media.
    expect(productImageSrcSet('/media/products/p521-m3x9k2a1f0-600w.webp')).toBe(
      '/media/products/p521-m3x9k2a1f0-300w.webp 300w, /media/products/p521-m3x9k2a1f0-400w.webp 400w, ' +
        '/media/products/p521-m3x9k2a1f0-600w.webp 600w',
    );
  });

  it('offers only 300 and 600 for an image stored before the 400 px copy existed', () => {
    expect(productImageSrcSet('/uploads/products/p521-m3x9k2a1f0-600.webp')).toBe(
      '/uploads/products/p521-m3x9k2a1f0-300.webp 300w, /uploads/products/p521-m3x9k2a1f0-600.webp 600w',
    );
    expect(productImageSrcSet('/uploads/products/art-3f9a0c12be45-600.webp')).toBe(
      '/uploads/products/art-3f9a0c12be45-300.webp 300w, /uploads/products/art-3f9a0c12be45-600.webp 600w',
    );
  });

  it('names each copy so that the srcset finds it', () => {
    expect(productImageKey('art-3f9a0c12be45', 400)).toBe('products/art-3f9a0c12be45-400w.webp');
    expect(productImageSrcSet(`/uploads/${productImageKey('p7-abc', 600)}`)).toContain(
      `/uploads/${productImageKey('p7-abc', 400)} 400w`,
    );
  });

  it('has none for images with one size: an old SVG, the placeholder, other sites', () => {
    expect(productImageSrcSet('/uploads/products/17.svg')).toBeUndefined();
    expect(productImageSrcSet('/placeholder-product.svg')).toBeUndefined();
    expect(productImageSrcSet('https://example.com/uploads/products/p1-a-600w.webp')).toBeUndefined();
  });
});
