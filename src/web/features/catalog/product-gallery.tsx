import { useState } from 'react';
import { ProductImage } from './product-image';

/** SPEC 2: the gallery's index wraps around in both directions. */
export const wrapIndex = (index: number, length: number) =>
  length <= 0 ? 0 : ((index % length) + length) % length;

/** The main image first, then the extra images, without blanks or repeats. */
export const galleryImages = (product: { image: string; images: readonly string[] }) => [
  ...new Set([product.image, ...product.images].filter(Boolean)),
];

const arrowClass =
  'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl font-bold text-stone-800 shadow hover:bg-white';

/** SPEC 2 "Product detail": image gallery with arrows, dots and thumbnails. */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = wrapIndex(index, count);
  const show = (next: number) => setIndex(wrapIndex(next, count));

  return (
    <section aria-roledescription="carousel" aria-label={`Images of ${name}`} className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-2xl border border-brand-100 bg-white">
        <ProductImage
          key={images[current] ?? 'none'}
          src={images[current]}
          alt={count > 1 ? `${name}, image ${current + 1} of ${count}` : name}
          size={600}
          priority={current === 0}
          className="aspect-square w-full"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous image"
              className={`${arrowClass} left-2`}
              onClick={() => show(current - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              aria-label="Next image"
              className={`${arrowClass} right-2`}
              onClick={() => show(current + 1)}
            >
              ›
            </button>
            <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
              {images.map((image, position) => (
                <button
                  key={image}
                  type="button"
                  aria-label={`Show image ${position + 1} of ${count}`}
                  aria-current={position === current}
                  onClick={() => show(position)}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span
                    className={`block h-2.5 w-2.5 rounded-full ${position === current ? 'bg-brand-600' : 'bg-white/90 ring-1 ring-stone-300'}`}
                  />
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {images.map((image, position) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                aria-label={`View image ${position + 1}`}
                aria-pressed={position === current}
                onClick={() => show(position)}
                className={`block overflow-hidden rounded-lg border-2 ${position === current ? 'border-brand-600' : 'border-transparent'}`}
              >
                <ProductImage src={image} alt="" size={64} className="h-16 w-16" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
