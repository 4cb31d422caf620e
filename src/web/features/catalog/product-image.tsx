import { type ImgHTMLAttributes, useState } from 'react';
import { productImageSrcSet } from '../../../shared/product-images';

/** Shown when a product image fails to load (SPEC 2). */
export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

// The width each layout shows an image at, for `sizes`, so the browser fetches the copy that
// fits: a card is half the screen in the phone's two-column grid, and a product page's main
// picture is the full width until the page splits in two columns. Saying "300px" for a card
// made a 412 px phone at DPR 1.75 fetch the 600 px copy for a 200 px slot.
export const CARD_IMAGE_SIZES = '(min-width: 640px) 300px, 50vw';
export const DETAIL_IMAGE_SIZES = '(min-width: 768px) 560px, 100vw';

/**
 * Every catalogue image has a width and height (no layout shift), a srcset when the server has
 * several widths, loads lazily unless it is the page's main (LCP) image, and falls back to the
 * placeholder when it cannot be loaded.
 */
export function ProductImage({
  src,
  alt,
  size = 300,
  priority = false,
  sizes,
  className = '',
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'loading'> & {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic width and height in CSS pixels (catalogue artwork is square). */
  size?: number;
  /** The page's largest above-the-fold image: load it first. */
  priority?: boolean;
  /** The width the layout shows it at (`sizes`); by default its intrinsic size. */
  sizes?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const shown = failedSrc === wanted ? PLACEHOLDER_IMAGE : wanted;
  // Uploaded images come in several widths; the browser picks one for the size shown.
  const srcSet = productImageSrcSet(shown);
  return (
    <img
      {...rest}
      src={shown}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${size}px`) : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      // Element Timing: /start-app.js starts the app once the browser reports this picture painted.
      {...(priority ? { elementtiming: 'main-picture' } : {})}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
      }}
      className={`bg-brand-100 object-cover ${className}`}
    />
  );
}
