import { useEffect, useState } from 'react';

/**
 * State the whole app reads (the session, the wishlist), held outside React and handed down in a
 * context whose value never changes: each reader subscribes to it instead.
 *
 * Why not the state itself as the context's value: a change of any context's value reaches every
 * Suspense boundary below its provider whose server markup still waits for its code (the product
 * page's lower sections, decision 0083), since React cannot know whether that code reads the
 * context. React then drops the server's markup for the boundary's fallback (an update outside a
 * transition) or holds the whole update until the code arrives (a transition). A subscriber is a
 * mounted component, and nothing inside such a boundary is mounted yet, so a change here leaves it
 * alone; when its code arrives, its readers take the state as it is then.
 */
export type SharedState<T> = {
  get(): T;
  /** Tells every reader. Inside `startTransition`, their renders are a transition too. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
};

export function createSharedState<T>(initial: T): SharedState<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (Object.is(next, current)) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The shared state's value, re-rendering this component when it changes. A state update of the
 * reader's own, not useSyncExternalStore, whose updates are always blocking: a change made in a
 * transition (signing out a stored session as the page starts) renders as one, in slices.
 */
export function useSharedState<T>(state: SharedState<T>): T {
  const [value, setValue] = useState(state.get);
  useEffect(() => {
    const read = () => setValue(() => state.get());
    // A change between this reader's render and its subscription.
    read();
    return state.subscribe(read);
  }, [state]);
  return value;
}
