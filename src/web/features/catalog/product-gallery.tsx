import { type KeyboardEvent, useRef, useState } from 'react';
import { useHydrated } from '../../components/use-hydrated';
import { imageAlt, stepForKey, wrapIndex } from './gallery-navigation';
import { DETAIL_IMAGE_SIZES, PLACEHOLDER_IMAGE, ProductImage } from './product-image';
import { ProductImageZoom } from './product-image-zoom';

export { wrapIndex } from './gallery-navigation';

/**
 * The main image first, then the extra images, without blanks or repeats; the placeholder for a
 * product with no photo yet (SPEC 2), which otherwise showed an empty frame.
 */
export function galleryImages(product: { image: string; images: readonly string[] }): string[] {
  const images = [...new Set([product.image, ...product.images].filter(Boolean))];
  return images.length > 0 ? images : [PLACEHOLDER_IMAGE];
}

const arrowClass =
  'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl font-bold text-stone-800 shadow hover:bg-white';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * SPEC 2 "Product detail": image gallery with arrows, dots and thumbnails. On a phone
 * the images are swiped (a CSS scroll-snap strip, no script to drag), and a tap opens the image
 * full screen, where it zooms.
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const count = images.length;
  const current = wrapIndex(index, count);
  // The other pictures and the thumbnails wait for the app: on a slow connection they would
  // download beside the main picture and delay its paint (LCP), and the thumbnails do nothing
  // before the app runs. Their boxes keep their size meanwhile.
  const hydrated = useHydrated();

  const show = (next: number) => {
    const target = wrapIndex(next, count);
    setIndex(target);
    const element = strip.current;
    element?.scrollTo?.({
      left: target * element.clientWidth,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  // A swipe moves the strip; the image that comes to rest in view becomes the current one.
  const followSwipe = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const visible = wrapIndex(Math.round(element.scrollLeft / element.clientWidth), count);
    if (visible !== current) setIndex(visible);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = stepForKey(event);
    if (step === 0 || count < 2) return;
    event.preventDefault();
    show(current + step);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Images of ${name}`}
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
    >
      <div className="relative overflow-hidden rounded-2xl border border-brand-100 bg-white">
        <ul
          ref={strip}
          onScroll={followSwipe}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {images.map((image, position) => (
            <li
              key={image}
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              className="w-full shrink-0 snap-center snap-always"
            >
              <button
                type="button"
                aria-label={`Zoom in on image ${position + 1} of ${count}`}
                onClick={() => setZoomed(position)}
                className="block w-full cursor-zoom-in"
              >
                {position === 0 || hydrated ? (
                  <ProductImage
                    src={image}
                    alt={imageAlt(name, position, count)}
                    size={600}
                    sizes={DETAIL_IMAGE_SIZES}
                    priority={position === 0}
                    className="aspect-square w-full"
                  />
                ) : (
                  <span className="block aspect-square w-full bg-brand-100" />
                )}
              </button>
            </li>
          ))}
        </ul>
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
                {hydrated ? (
                  <ProductImage src={image} alt="" size={64} className="h-16 w-16" />
                ) : (
                  <span className="block h-16 w-16 bg-brand-100" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed !== null && (
        <ProductImageZoom
          images={images}
          name={name}
          index={zoomed}
          onIndexChange={(next) => {
            setZoomed(next);
            show(next);
          }}
          onClose={() => setZoomed(null)}
        />
      )}
    </section>
  );
}
