import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` of the screen, and from then on. A section far below
 * the fold (a product's reviews) fetches its data only when the shopper heads towards it, so a
 * phone's first seconds on the page go to what is on screen.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = ref.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
