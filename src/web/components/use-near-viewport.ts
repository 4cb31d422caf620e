import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Calls `onNear` once, when the element first comes within `margin` of the screen, without a
 * render of its own: for a boundary whose server markup waits for its code (deferred-below-fold.tsx),
 * which any update would make React drop (decision 0083).
 */
export function useWhenNearViewport(
  ref: RefObject<Element | null>,
  margin: string,
  onNear: () => void,
): void {
  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, margin, onNear]);
}

/**
 * True once the element comes within `margin` of the screen, and from then on. A section far below
 * the fold (a product's reviews) fetches its data only when the shopper heads towards it, so a
 * phone's first seconds on the page go to what is on screen.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useWhenNearViewport(
    ref,
    margin,
    useCallback(() => setNear(true), []),
  );
  return near;
}
