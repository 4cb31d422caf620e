import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../components/icons';
import { imageAlt, stepForKey, wrapIndex } from './gallery-navigation';
import { ProductImage } from './product-image';

/** How much a tap magnifies the image. */
const ZOOM = 2.5;

/**
 * Tab from the last control goes to the first and Shift+Tab from the first to the last: a modal
 * <dialog> makes the page inert, but the browser would still tab out of it to its own toolbar.
 */
function keepFocusInside(event: KeyboardEvent, container: HTMLElement | null) {
  const controls = [...(container?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A product image full screen, in a native modal <dialog> (the page behind is inert,
 * Escape closes it, focus goes back to where it was). A tap or click zooms in on the point
 * tapped and the zoomed image pans by scrolling (or dragging on a phone); another tap zooms out.
 */
export function ProductImageZoom({
  images,
  name,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly string[];
  name: string;
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const [zoomedIn, setZoomedIn] = useState(false);
  const count = images.length;
  const current = wrapIndex(index, count);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  const go = (step: number) => {
    setZoomedIn(false);
    onIndexChange(wrapIndex(current + step, count));
  };

  const toggleZoom = (event: MouseEvent<HTMLButtonElement>) => {
    const area = viewport.current;
    const next = !zoomedIn;
    setZoomedIn(next);
    if (!next || !area) return;
    // Keep the tapped point under the finger: scroll there once the image has grown.
    const box = event.currentTarget.getBoundingClientRect();
    const x = box.width > 0 ? (event.clientX - box.left) / box.width : 0.5;
    const y = box.height > 0 ? (event.clientY - box.top) / box.height : 0.5;
    requestAnimationFrame(() => {
      area.scrollTo?.({
        left: x * area.scrollWidth - area.clientWidth / 2,
        top: y * area.scrollHeight - area.clientHeight / 2,
      });
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The gallery behind listens to the same keys: this view's arrows are its own.
    event.stopPropagation();
    if (event.key === 'Tab') {
      keepFocusInside(event, dialog.current);
      return;
    }
    const step = stepForKey(event);
    if (step === 0 || count < 2) return;
    event.preventDefault();
    go(step);
  };

  const controlClass =
    'flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-2xl font-bold text-stone-900 shadow hover:bg-white';

  return (
    <dialog
      ref={dialog}
      aria-label={`${name}, zoomed`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 p-2">
          <p className="px-2 text-sm font-semibold" aria-live="polite">
            {count > 1 ? `Image ${current + 1} of ${count}` : name}
          </p>
          <button type="button" onClick={onClose} aria-label="Close zoomed image" className={controlClass}>
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <div ref={viewport} className="relative min-h-0 flex-1 overflow-auto overscroll-contain">
          <button
            type="button"
            onClick={toggleZoom}
            aria-label={zoomedIn ? 'Zoom out' : 'Zoom in'}
            aria-pressed={zoomedIn}
            className={
              zoomedIn
                ? 'block cursor-zoom-out'
                : 'flex h-full w-full cursor-zoom-in items-center justify-center'
            }
            style={zoomedIn ? { width: `${ZOOM * 100}%` } : undefined}
          >
            <ProductImage
              key={images[current] ?? 'none'}
              src={images[current]}
              alt={imageAlt(name, current, count)}
              size={600}
              priority
              className={zoomedIn ? 'h-auto w-full' : 'h-auto max-h-full w-auto max-w-full'}
            />
          </button>
        </div>
        {count > 1 && (
          <div className="flex items-center justify-center gap-6 p-3">
            <button type="button" aria-label="Previous image" className={controlClass} onClick={() => go(-1)}>
              ‹
            </button>
            <button type="button" aria-label="Next image" className={controlClass} onClick={() => go(1)}>
              ›
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
