// Issue 11: each uploaded product image is stored as WebP copies at these widths, named
// `/uploads/products/p{productId}-{stamp}-{width}.webp`; product.image names the widest. The
// storefront offers them all in `srcset` (issue 6), so a phone's card loads the small copy.

export const PRODUCT_IMAGE_WIDTHS = [300, 600] as const;

// Served from /uploads (local storage) or /media (an S3-compatible bucket, issue 12). The demo
// catalogue's pictures (issue 25) are stored the same way as `art-{hash}-{width}.webp`, and a photo
// added to a product before its first save (issue 26) as `new-{stamp}-{width}.webp`.
const UPLOADED_IMAGE = /^(\/(?:uploads|media)\/products\/(?:p\d+|art|new)-[a-z0-9]+)-\d+\.webp$/;

/** The `srcset` of an uploaded image, or undefined for an image with one size only. */
export function productImageSrcSet(src: string): string | undefined {
  const match = UPLOADED_IMAGE.exec(src);
  if (!match) return undefined;
  return PRODUCT_IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}
