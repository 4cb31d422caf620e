import { useSyncExternalStore } from 'react';
import { shippingRulesFromRupees } from '../../../shared/shipping';
import { apiRequest, parsedAnswer, readToken, TOKEN_STORAGE_KEY } from '../../api/client';
import { storeSettings } from '../../app-data';
import { browserStorage } from '../../browser-storage';
import { lazyParser } from '../../lazy-parser';
import { CART_STORAGE_KEY, type CartLineKey, cartLineKey } from './cart-item';
import {
  type CartState,
  type CartStore,
  createCartStore,
  EMPTY_CART,
  type ShippingRequestItem,
  syncAcrossTabs,
} from './cart-store';

/** SPEC 7: POST /shipping/calculate; the server prices the lines from the database. */
export async function requestShippingQuote(items: ShippingRequestItem[], signal: AbortSignal) {
  return parsedAnswer(
    import('../../../shared/delivery').then((schemas) => schemas.ShippingCalculation),
    apiRequest<unknown>('/shipping/calculate', { method: 'POST', body: { items }, signal }),
  );
}

/** The stored cart's parser (with Zod), loaded when there is a stored cart to read. */
const storedCart = lazyParser(() => import('./stored-cart').then((module) => module.parseStoredCart));

/** Loads the stored cart's parser before the first render when a cart is stored (main.tsx). */
export async function prepareStoredCart(): Promise<void> {
  try {
    if (browserStorage()?.getItem(CART_STORAGE_KEY) != null) await storedCart.load();
  } catch {
    // Unreadable storage, or the parser did not download: the cart starts as the store finds it.
  }
}

let cartStore: CartStore | undefined;
let stopSync: (() => void) | undefined;

/** The one cart of this browser tab, created on first use. */
export function getCartStore(): CartStore {
  if (!cartStore) {
    const store = createCartStore({
      storage: browserStorage(),
      parseStored: storedCart,
      quoteShipping: requestShippingQuote,
      hasToken: () => readToken() !== null,
      shippingRules: shippingRulesFromRupees(storeSettings),
    });
    // The server renders with the guest's cart (EMPTY_CART) and never needs this one.
    if (typeof window !== 'undefined') {
      stopSync = syncAcrossTabs(store, window, TOKEN_STORAGE_KEY);
      store.refreshShipping();
    }
    cartStore = store;
  }
  return cartStore;
}

const subscribe = (listener: () => void) => getCartStore().subscribe(listener);

/**
 * The cart state, or a part of it. A selector must return a primitive or a part of the state as it
 * is (not a new object or array), or React would see a change on every render.
 */
export function useCartState<T = CartState>(select?: (state: CartState) => T): T {
  const pick = (state: CartState) => (select ? select(state) : state) as T;
  return useSyncExternalStore(
    subscribe,
    () => pick(getCartStore().getState()),
    () => pick(EMPTY_CART),
  );
}

/** SPEC 2: the nav badge shows the cart's quantity total. */
export const useCartCount = () => useCartState((state) => state.itemCount);

/** The quantity of one cart line (a product id names its plain line); 0 when absent. */
export const useCartQuantity = (key: CartLineKey | number) =>
  useCartState((state) => state.items.find((item) => cartLineKey(item) === String(key))?.quantity ?? 0);

/** Actions of the cart; stable functions of the one store. */
export function useCartActions() {
  const store = getCartStore();
  return {
    addItem: store.addItem,
    removeItem: store.removeItem,
    updateQuantity: store.updateQuantity,
    clearCart: store.clearCart,
    refreshShipping: store.refreshShipping,
    applyCatalogue: store.applyCatalogue,
  };
}

/** Tests start from a fresh store built from the current storage. */
export function resetCartStoreForTests() {
  stopSync?.();
  cartStore?.dispose();
  cartStore = undefined;
}
