import { MAX_QUANTITY, SHIPPING_RECALC_DEBOUNCE_MS, stockStatus } from '../../../shared/cart-rules';
import type { ShippingCalculation } from '../../../shared/delivery';
import type { PersonalisationValues } from '../../../shared/personalisation-rules';
import { calculateShipping, type ShippingRules } from '../../../shared/shipping';
import { type AnalyticsItem, trackEcommerce } from '../../analytics';
import type { LazyParser } from '../../lazy-parser';
import {
  CART_STORAGE_KEY,
  type CartItem,
  type CartLineKey,
  type CartProduct,
  cartLineKey,
  cartQuantity,
  cartSubtotal,
  serializeCart,
  toCartItem,
} from './cart-item';

/** SPEC 3 cart state, plus the item count the badges and the cart bar show. */
export type CartState = {
  items: readonly CartItem[];
  /** Subtotal of the lines in rupees, computed from them on every change so it cannot drift. */
  total: number;
  /** Units in the cart (the nav badge's number). */
  itemCount: number;
  shippingInfo: ShippingCalculation | null;
  /** True while the server's shipping quote is awaited. */
  loading: boolean;
};

/** A first-time guest's cart: what the server renders with and hydration expects. */
export const EMPTY_CART: CartState = Object.freeze({
  items: [],
  total: 0,
  itemCount: 0,
  shippingInfo: null,
  loading: false,
});

export type ShippingRequestItem = { product: number; quantity: number };

export type CartStoreOptions = {
  /** Browser storage, or null when it is unavailable (private mode): the cart then lives in memory. */
  storage: Storage | null;
  /** Reads a stored cart: its lines, or null when it is unreadable (stored-cart.ts). */
  parseStored: LazyParser<CartItem[] | null>;
  /** POST /api/shipping/calculate. */
  quoteShipping(items: ShippingRequestItem[], signal: AbortSignal): Promise<ShippingCalculation>;
  hasToken(): boolean;
  /** The store's configured rules, for the client fallback (SPEC 8). */
  shippingRules: ShippingRules;
  debounceMs?: number;
};

/** What changed about a line since it was added, as the cart page says it (task: prices stay true). */
export type CartNotice =
  | { kind: 'price'; id: number; name: string; was: number; now: number }
  | { kind: 'out_of_stock'; id: number; name: string }
  | { kind: 'pre_order'; id: number; name: string }
  | { kind: 'removed'; id: number; name: string };

export type CartStore = ReturnType<typeof createCartStore>;

const analyticsItem = (item: CartItem, quantity: number): AnalyticsItem => ({
  item_id: String(item.id),
  item_name: item.name,
  item_category: item.category || undefined,
  price: item.price,
  quantity,
});

export function createCartStore(options: CartStoreOptions) {
  const { storage, shippingRules } = options;
  const debounceMs = options.debounceMs ?? SHIPPING_RECALC_DEBOUNCE_MS;
  const listeners = new Set<() => void>();
  let state: CartState = stateFor(readStorage(), null, false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  // Only the answer to the latest cart counts; an older quote arriving late is ignored.
  let generation = 0;

  /** A product id names its plain line (cart-line-key.ts). */
  function lineOf(key: CartLineKey | number): CartItem | undefined {
    const wanted = String(key);
    return state.items.find((item) => cartLineKey(item) === wanted);
  }

  function stateFor(items: readonly CartItem[], shippingInfo: ShippingCalculation | null, loading: boolean) {
    // The very object the server rendered with: a guest's hydration then sees no change to redo.
    if (items.length === 0 && shippingInfo === null && !loading) return EMPTY_CART;
    return { items, total: cartSubtotal(items), itemCount: cartQuantity(items), shippingInfo, loading };
  }

  function readStorage(): CartItem[] {
    if (!storage) return [];
    let raw: string | null;
    try {
      raw = storage.getItem(CART_STORAGE_KEY);
    } catch {
      return [];
    }
    if (raw === null) return [];
    const parse = options.parseStored.current;
    if (!parse) {
      // Stored after the start (another tab) before the parser was loaded: read it once it is.
      options.parseStored.load().then(reloadFromStorage, () => {});
      return [];
    }
    const items = parse(raw);
    if (items !== null) return items;
    // Corrupted or from an incompatible version: start again rather than crash (task 1).
    removeStored();
    return [];
  }

  function removeStored() {
    try {
      storage?.removeItem(CART_STORAGE_KEY);
    } catch {
      // Storage can be disabled; the in-memory cart still works.
    }
  }

  function writeStorage(items: readonly CartItem[]) {
    try {
      storage?.setItem(CART_STORAGE_KEY, serializeCart(items));
    } catch {
      // Full or disabled storage: the cart keeps working for this visit.
    }
  }

  function emit(next: CartState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function cancelQuote() {
    generation += 1;
    clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    inFlight = undefined;
  }

  /**
   * SPEC 4: an empty cart clears shipping info; with a token the server is asked (debounced 300 ms),
   * else, and when it fails, the client fallback of SPEC 8 applies. The fallback stands in while the
   * quote is awaited, so the shown shipping always matches the shown subtotal.
   */
  function recalculateShipping() {
    cancelQuote();
    const { items } = state;
    if (items.length === 0) {
      emit(stateFor(items, null, false));
      return;
    }
    const fallback = calculateShipping(cartSubtotal(items), shippingRules);
    if (!options.hasToken()) {
      emit(stateFor(items, fallback, false));
      return;
    }
    emit(stateFor(items, fallback, true));
    const current = generation;
    timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight = controller;
      const request = items.map((item) => ({ product: item.id, quantity: item.quantity }));
      options.quoteShipping(request, controller.signal).then(
        (quote) => {
          if (current === generation) emit(stateFor(state.items, quote, false));
        },
        () => {
          if (current === generation) emit(stateFor(state.items, fallback, false));
        },
      );
    }, debounceMs);
  }

  function reloadFromStorage() {
    emit(stateFor(readStorage(), state.shippingInfo, state.loading));
    recalculateShipping();
  }

  /** SPEC 4: the cart is saved on every change. */
  function commit(items: readonly CartItem[]) {
    writeStorage(items);
    emit(stateFor(items, state.shippingInfo, state.loading));
    recalculateShipping();
  }

  return {
    getState: (): CartState => state,

    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** The quantity of a line (a product id names its plain line); 0 when absent. */
    quantityOf: (key: CartLineKey | number) => lineOf(key)?.quantity ?? 0,

    /**
     * SPEC 4: a line already present gains `quantity` (1 by default), a new line starts with it.
     * Quantities stop at MAX_QUANTITY. A different personalisation is a different line.
     */
    addItem(product: CartProduct, quantity = 1, personalisation?: PersonalisationValues) {
      const line0 = toCartItem(product, 1, personalisation);
      const key = cartLineKey(line0);
      const existing = lineOf(key);
      const current = existing?.quantity ?? 0;
      const next = Math.min(current + Math.max(1, Math.floor(quantity)), MAX_QUANTITY);
      if (next === current) return;
      const line = { ...line0, quantity: next };
      const items = existing
        ? state.items.map((item) => (cartLineKey(item) === key ? { ...item, ...line } : item))
        : [...state.items, line];
      commit(items);
      trackEcommerce('add_to_cart', [analyticsItem(line, next - current)]);
    },

    removeItem(key: CartLineKey | number) {
      const existing = lineOf(key);
      if (!existing) return;
      commit(state.items.filter((item) => item !== existing));
      trackEcommerce('remove_from_cart', [analyticsItem(existing, existing.quantity)]);
    },

    /** SPEC 4: 0 or less removes the line; otherwise the quantity is set (at most MAX_QUANTITY). */
    updateQuantity(key: CartLineKey | number, quantity: number) {
      const existing = lineOf(key);
      if (!existing) return;
      if (!(quantity > 0)) {
        commit(state.items.filter((item) => item !== existing));
        trackEcommerce('remove_from_cart', [analyticsItem(existing, existing.quantity)]);
        return;
      }
      const next = Math.min(Math.floor(quantity), MAX_QUANTITY);
      if (next === existing.quantity) return;
      commit(state.items.map((item) => (item === existing ? { ...item, quantity: next } : item)));
      const delta = next - existing.quantity;
      trackEcommerce(delta > 0 ? 'add_to_cart' : 'remove_from_cart', [
        analyticsItem(existing, Math.abs(delta)),
      ]);
    },

    /** SPEC 4: clearing empties the cart and removes the stored cart. */
    clearCart() {
      cancelQuote();
      removeStored();
      emit(stateFor([], null, false));
    },

    /** Another tab changed the stored cart (the `storage` event): take its version. */
    reloadFromStorage,

    /** Asks again, e.g. when the cart page opens after the shopper logged in. */
    refreshShipping: recalculateShipping,

    /**
     * Brings lines up to date with the catalogue: `latest` maps an id to the product now, or to
     * null when it no longer exists. Returns what the shopper must be told.
     */
    applyCatalogue(latest: ReadonlyMap<number, CartProduct | null>): CartNotice[] {
      const notices: CartNotice[] = [];
      const items: CartItem[] = [];
      let changed = false;
      for (const item of state.items) {
        if (!latest.has(item.id)) {
          items.push(item);
          continue;
        }
        const product = latest.get(item.id);
        if (!product) {
          notices.push({ kind: 'removed', id: item.id, name: item.name });
          changed = true;
          continue;
        }
        const fresh = toCartItem(product, item.quantity, item.personalisation);
        if (fresh.price !== item.price) {
          notices.push({ kind: 'price', id: item.id, name: fresh.name, was: item.price, now: fresh.price });
        }
        const before = stockStatus(item);
        const after = stockStatus(fresh);
        if (after !== before && after === 'out_of_stock') {
          notices.push({ kind: 'out_of_stock', id: item.id, name: fresh.name });
        } else if (after !== before && after === 'pre_order') {
          notices.push({ kind: 'pre_order', id: item.id, name: fresh.name });
        }
        const keys = Object.keys(fresh) as (keyof CartItem)[];
        // The tiers are a new list on every read: compared by what they say.
        const same = (key: keyof CartItem) =>
          key === 'quantityTiers'
            ? JSON.stringify(fresh.quantityTiers) === JSON.stringify(item.quantityTiers)
            : fresh[key] === item[key];
        if (keys.some((key) => !same(key))) changed = true;
        items.push(fresh);
      }
      if (changed) commit(items);
      return notices;
    },

    /** Stops timers and requests (tests, or a store being replaced). */
    dispose() {
      cancelQuote();
      listeners.clear();
    },
  };
}

/** Keeps a store in step with other tabs: SPEC storage key 'cart', and a login elsewhere. */
export function syncAcrossTabs(store: CartStore, target: Window, tokenKey: string) {
  const onStorage = (event: StorageEvent) => {
    // A null key means the whole storage was cleared.
    if (event.key === CART_STORAGE_KEY || event.key === null) store.reloadFromStorage();
    else if (event.key === tokenKey) store.refreshShipping();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
