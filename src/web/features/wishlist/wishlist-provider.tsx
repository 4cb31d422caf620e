import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { WishlistItem } from '../../../shared/api/wishlist';
import { SESSION_EXPIRED_EVENT } from '../../../shared/auth-rules';
import { ApiError } from '../../api/client';
import { createSharedState, type SharedState, useSharedState } from '../../components/shared-state';
import { type ToastTone, useToast } from '../../components/toast';
import { type WishlistApi, wishlistApi } from './wishlist-api';

export const WISHLIST_QUERY_KEY = ['wishlist'] as const;

export type WishlistContextValue = {
  /** SPEC 3 client view. */
  wishlistItems: WishlistItem[];
  wishlistCount: number;
  loggedIn: boolean;
  loading: boolean;
  /** The list could not be fetched; it then shows as empty (SPEC 8). */
  failed: boolean;
  refetch(): void;
  isInWishlist(productId: number): boolean;
  /** A change for this product is on its way to the server. */
  isPending(productId: number): boolean;
  add(productId: number): Promise<boolean>;
  remove(productId: number): Promise<boolean>;
  /** SPEC 4: removes the product if present, otherwise adds it. */
  toggle(productId: number): Promise<boolean>;
  clear(): Promise<boolean>;
};

/**
 * The wishlist as shared state, which does not change: the signed-in shopper's list, known after
 * the page has started, must not reach the product page's lower sections while their code is on
 * the way (components/shared-state.ts, decision 0083).
 */
const WishlistContext = createContext<SharedState<WishlistContextValue> | null>(null);

/** SPEC 8: the service's message, else the action's own failure text. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Wishlist service not available';
    return error.message || fallback;
  }
  return fallback;
}

/**
 * SPEC 4 "Wishlist": fetched while a user is signed in, empty otherwise. The app shell passes the
 * signed-in user's id, so this feature does not depend on the auth feature.
 */
export function WishlistProvider({
  userId,
  sessionPending = false,
  api = wishlistApi,
  children,
}: {
  userId: number | null;
  /**
   * A stored session is still being checked: a heart tapped meanwhile waits for the answer rather
   * than telling a signed-in shopper to log in.
   */
  sessionPending?: boolean;
  api?: WishlistApi;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => [...WISHLIST_QUERY_KEY, userId] as const, [userId]);
  const query = useQuery({ queryKey, queryFn: () => api.list(), enabled: userId !== null, retry: false });
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [waiting, setWaiting] = useState<number | null>(null);
  // SPEC 8's messages, in the app's toast (a live region).
  const notify: (text: string, tone?: ToastTone) => void = useToast();

  // Logging out empties the wishlist (SPEC 4) and leaves nothing of it in memory.
  useEffect(() => {
    if (userId === null) queryClient.removeQueries({ queryKey: WISHLIST_QUERY_KEY });
  }, [userId, queryClient]);

  // A refused token means the session is over: the auth state signs out (SPEC 6).
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) {
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
  }, [query.error]);

  const items = useMemo(() => (userId === null ? [] : (query.data ?? [])), [userId, query.data]);

  const change = useCallback(
    async (
      productId: number | null,
      call: () => Promise<(items: WishlistItem[]) => WishlistItem[]>,
      success: string,
      failure: string,
    ) => {
      if (productId !== null) setPending((current) => new Set(current).add(productId));
      try {
        const update = await call();
        queryClient.setQueryData<WishlistItem[]>(queryKey, (current = []) => update(current));
        notify(success);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401)
          window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
        notify(failureText(error, failure), 'error');
        return false;
      } finally {
        if (productId !== null) {
          setPending((current) => {
            const next = new Set(current);
            next.delete(productId);
            return next;
          });
        }
      }
    },
    [queryClient, queryKey, notify],
  );

  const add = useCallback(
    async (productId: number) => {
      if (userId === null) {
        // SPEC 8 shows these words as an alert; In the app's toast, not the browser's box.
        notify('Please login to add items to wishlist', 'error');
        return false;
      }
      return change(
        productId,
        async () => {
          const item = await api.add(productId);
          return (current) =>
            current.some((entry) => entry.productId === productId) ? current : [item, ...current];
        },
        'Added to wishlist',
        'Failed to add to wishlist',
      );
    },
    [userId, api, change, notify],
  );

  const remove = useCallback(
    async (productId: number) => {
      if (userId === null) {
        notify('Please login to manage wishlist', 'error');
        return false;
      }
      return change(
        productId,
        async () => {
          await api.remove(productId);
          return (current) => current.filter((entry) => entry.productId !== productId);
        },
        'Removed from wishlist',
        'Failed to remove from wishlist',
      );
    },
    [userId, api, change, notify],
  );

  const clear = useCallback(async () => {
    if (userId === null) {
      notify('Please login to manage wishlist', 'error');
      return false;
    }
    return change(
      null,
      async () => {
        await api.clear();
        return () => [];
      },
      'Wishlist cleared',
      'Failed to clear wishlist',
    );
  }, [userId, api, change, notify]);

  const toggle = useCallback(
    async (productId: number) => {
      if (sessionPending) {
        setWaiting(productId);
        return false;
      }
      return items.some((entry) => entry.productId === productId) ? remove(productId) : add(productId);
    },
    [sessionPending, items, add, remove],
  );

  // The heart tapped while the session was checked, once it is known (and the list with it).
  const listKnown = userId === null || !query.isPending;
  useEffect(() => {
    if (waiting === null || sessionPending || !listKnown) return;
    setWaiting(null);
    void toggle(waiting);
  }, [waiting, sessionPending, listKnown, toggle]);

  const value = useMemo<WishlistContextValue>(
    () => ({
      wishlistItems: items,
      wishlistCount: items.length,
      loggedIn: userId !== null,
      loading: userId !== null && query.isPending,
      failed: userId !== null && query.isError,
      refetch: () => void query.refetch(),
      isInWishlist: (productId) => items.some((entry) => entry.productId === productId),
      isPending: (productId) => pending.has(productId) || waiting === productId,
      add,
      remove,
      toggle,
      clear,
    }),
    [
      items,
      userId,
      query.isPending,
      query.isError,
      query.refetch,
      pending,
      waiting,
      add,
      remove,
      toggle,
      clear,
    ],
  );

  const [shared] = useState(() => createSharedState(value));
  useEffect(() => shared.set(value), [shared, value]);
  return <WishlistContext.Provider value={shared}>{children}</WishlistContext.Provider>;
}

// Outside a provider (a component test, say) every action explains itself instead of crashing.
const withoutProvider = (notify: (text: string, tone: ToastTone) => void): WishlistContextValue => {
  const unavailable = async () => {
    notify('Wishlist service not available', 'error');
    return false;
  };
  return {
    wishlistItems: [],
    wishlistCount: 0,
    loggedIn: false,
    loading: false,
    failed: false,
    refetch: () => {},
    isInWishlist: () => false,
    isPending: () => false,
    add: unavailable,
    remove: unavailable,
    toggle: unavailable,
    clear: unavailable,
  };
};

const noProvider = createSharedState<WishlistContextValue | null>(null);

export function useWishlist(): WishlistContextValue {
  const notify = useToast();
  const value = useSharedState(useContext(WishlistContext) ?? noProvider);
  return useMemo(() => value ?? withoutProvider(notify), [value, notify]);
}
