import { useDeferredValue, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true from the commit
 * that ends hydration: React re-renders the user at once, as a blocking render. For the server
 * frame alone (app/server-frame.tsx), whose one attribute decides when the page takes taps
 * (decision 0083): its children are the same elements, so nothing below it renders again.
 */
export function useHydratedNow(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * False on the server and while the browser hydrates the server's markup, true from a render
 * after. Browser-only state (stored cart, pincode, recently viewed) must render as a first-time
 * guest while this is false, so that hydration finds the markup the server wrote.
 *
 * The external store tells hydration from a later mount; React applies its change after hydration
 * as a blocking render of every user at once (the gallery's pictures, the recently viewed row),
 * so the value is deferred: the flip is rendered at transition priority, in slices that yield to
 * the shopper's input (total blocking time on a slow phone). A component mounted after
 * hydration sees true at once.
 */
export function useHydrated(): boolean {
  return useDeferredValue(useHydratedNow());
}
