import { type ReactNode, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true from the render
 * after. Browser-only state (stored cart, pincode, recently viewed) must render as a first-time
 * guest while this is false, so that hydration finds the markup the server wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * Frames a page the server renders (docs/decisions/0015-server-rendered-first-paint.md). Until the
 * app has hydrated it, the markup's controls do nothing, and what is typed into them would be lost:
 * a disabled fieldset makes every field and button really disabled (links still work), for
 * shoppers, screen readers and Playwright alike. It lays out as `display: contents` and stays, no
 * longer disabled, so hydration never has to replace the page.
 */
export function ServerFrame({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} role="none" className="server-rendered">
      {children}
    </fieldset>
  );
}
