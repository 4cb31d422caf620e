import { useSyncExternalStore } from 'react';

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
