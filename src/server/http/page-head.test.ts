import { describe, expect, it } from 'vitest';
import { DETAIL_IMAGE_SIZES } from '../../shared/product-images';
import { renderHead } from './page-head';

const head = { title: 'Soy Wax Candle', description: 'A candle.', canonicalPath: '/product/candle-1' };

describe('renderHead', () => {
  it("preloads a stored picture with its srcset and the layout's sizes, so the browser picks the copy the page shows", () => {
    const html = renderHead(
      {
        ...head,
        image: '/uploads/products/art-0a1b2c-600w.webp',
        preloadImage: { sizes: DETAIL_IMAGE_SIZES },
      },
      'https://shop.example',
      'Utsav Gifts',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/products/art-0a1b2c-600w.webp" imagesrcset="/uploads/products/art-0a1b2c-300w.webp 300w, /uploads/products/art-0a1b2c-400w.webp 400w, /uploads/products/art-0a1b2c-600w.webp 600w" imagesizes="(min-width: 768px) 560px, 100vw" fetchpriority="high" data-server-head>',
    );
  });

  it('preloads a picture of one size by its address alone', () => {
    const html = renderHead(
      { ...head, image: '/uploads/products/bouquet.svg', preloadImage: { sizes: DETAIL_IMAGE_SIZES } },
      'https://shop.example',
      'Utsav Gifts',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/products/bouquet.svg" fetchpriority="high" data-server-head>',
    );
  });

  it('preloads nothing for an image that is only for link previews', () => {
    const html = renderHead(
      { ...head, image: '/uploads/products/art-0a1b2c-600w.webp' },
      'https://shop.example',
      'Utsav Gifts',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/uploads/products/art-0a1b2c-600w.webp"',
    );
    expect(html).not.toContain('rel="preload"');
  });
});
