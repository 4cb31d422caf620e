import { type ImgHTMLAttributes, useState } from 'react';
import { productImageSrcSet } from '../../../shared/product-images';

export { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES } from '../../../shared/product-images';

/** Shown when a product image fails to load (SPEC 2). */
export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

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
  eager = false,
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
  /**
   * Above the fold beside the main picture: loaded at once but after it (fetchpriority low), so
   * on a slow connection the main picture does not share the bandwidth with it.
   */
  eager?: boolean;
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
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : eager ? 'low' : 'auto'}
      // Element Timing: /start-app.js starts the app once the browser reports this picture painted.
      {...(priority ? { elementtiming: 'main-picture' } : {})}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
      }}
      className={`bg-brand-100 object-cover ${className}`}
    />
  );
}
