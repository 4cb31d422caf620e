// Each uploaded product image is stored as WebP copies at these widths; product.image
// names the widest. The storefront offers them all in `srcset`, so a phone's card loads
// a small copy. Chromium picks the smallest copy at least as dense as the screen, so a card half
// of a 412 px phone at DPR 1.75 (about 360 device pixels) needs the 400 px copy, not the 600 px one.
export const PRODUCT_IMAGE_WIDTHS = [300, 400, 600] as const;

// Images stored before the 400 px copy existed are named `{stem}-{width}.webp` and have these
// widths only; since then each copy is named `{stem}-{width}w.webp`, so a srcset never names a copy
// that was not stored.
const EARLIER_WIDTHS = [300, 600] as const;

/** The storage key of one copy of a product image (`products/{stem}-{width}w.webp`). */
export const productImageKey = (stem: string, width: number) => `products/${stem}-${width}w.webp`;

// Served from /uploads (local storage) or /media (an S3-compatible bucket). The demo
// catalogue's pictures are stored the same way, with the stem `art-{hash}`, and a photo
// added to a product before its first save with the stem `new-{stamp}`.
const STORED_IMAGE = /^(\/(?:uploads|media)\/products\/(?:p\d+|art|new)-[a-z0-9]+)-\d+(w?)\.webp$/;

// The width each layout shows a picture at, for `sizes`, so the browser fetches the copy that
// fits: a card is half the screen in the phone's two-column grid, and a product page's main
// picture is the full width until the page splits in two columns. Saying "300px" for a card
// made a 412 px phone at DPR 1.75 fetch the 600 px copy for a 200 px slot. The server's preload of
// a product page's picture names the same sizes, so the browser picks the same copy for both.
export const CARD_IMAGE_SIZES = '(min-width: 640px) 300px, 50vw';
export const DETAIL_IMAGE_SIZES = '(min-width: 768px) 560px, 100vw';

/** The `srcset` of an uploaded image, or undefined for an image with one size only. */
export function productImageSrcSet(src: string): string | undefined {
  const match = STORED_IMAGE.exec(src);
  if (!match) return undefined;
  const [, path, suffix] = match;
  const widths = suffix ? PRODUCT_IMAGE_WIDTHS : EARLIER_WIDTHS;
  return widths.map((width) => `${path}-${width}${suffix}.webp ${width}w`).join(', ');
}

// What one upload may be (a product's photo, a return's), re-exported by api/admin-products.ts. Here,
// without Zod, so the back office's photo manager loads without it (docs/performance.md).
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is larger than 5 MB. Please upload a smaller one.';
export const IMAGE_TYPE_MESSAGE = 'Please upload a JPEG, PNG or WebP image.';
/** How many photos one product holds. */
export const MAX_PRODUCT_IMAGES = 12;
