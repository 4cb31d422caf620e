import type { ReactNode } from 'react';
import { useHydrated } from '../components/use-hydrated';

/**
 * Frames a page the server renders (docs/decisions/0020-server-rendered-first-paint.md). Until the
 * app has hydrated it, the markup's controls do nothing, and what is typed into them would be lost:
 * a disabled fieldset makes every field and button really disabled (links still work), for
 * shoppers, screen readers and Playwright alike. It lays out as `display: contents` and stays, no
 * longer disabled, so hydration never has to replace the page. It is enabled after the deferred
 * re-render of the browser-only state below it (the session, the wishlist, the gallery): enabled
 * at the commit that ends hydration instead, a tap in between was answered and then lost to that
 * re-render (a wishlist toggle said "Added" and showed "Add to wishlist"; decision 0083).
 */
export function ServerFrame({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} role="none" className="server-rendered">
      {children}
    </fieldset>
  );
}
