import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_QUANTITY, SHIPPING_RECALC_DEBOUNCE_MS } from '../../../shared/cart-rules';
import type { ShippingCalculation } from '../../../shared/delivery';
import { DEFAULT_SHIPPING_RULES, shippingRulesFromRupees } from '../../../shared/shipping';
import { lazyParser, loadedParser } from '../../lazy-parser';
import { CART_STORAGE_KEY, type CartProduct } from './cart-item';
import {
  type CartStoreOptions,
  createCartStore,
  EMPTY_CART,
  type ShippingRequestItem,
  syncAcrossTabs,
} from './cart-store';
import { parseStoredCart } from './stored-cart';

const diya: CartProduct = {
  id: 1,
  name: 'Brass Diya Set',
  slug: 'brass-diya-set-1',
  image: '/uploads/1.webp',
  price: 499,
  category: 'Diwali',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
};
const potli: CartProduct = { ...diya, id: 2, name: 'Silk Potli Bag', slug: 'silk-potli-bag-2', price: 120 };
const favours: CartProduct = { ...diya, id: 3, name: 'Wedding Favour Box', price: 80, minQuantity: 5 };

type QuoteCall = {
  items: ShippingRequestItem[];
  resolve(quote: ShippingCalculation): void;
  reject(error: Error): void;
};

/** A shipping endpoint whose answers the test gives by hand. */
function fakeQuotes() {
  const calls: QuoteCall[] = [];
  const quoteShipping = (items: ShippingRequestItem[]) =>
    new Promise<ShippingCalculation>((resolve, reject) => {
      calls.push({ items, resolve, reject });
    });
  return { calls, quoteShipping };
}

const stores: { dispose(): void }[] = [];
function newStore(overrides: Partial<CartStoreOptions> = {}) {
  const store = createCartStore({
    storage: window.localStorage,
    parseStored: loadedParser(parseStoredCart),
    quoteShipping: fakeQuotes().quoteShipping,
    hasToken: () => false,
    shippingRules: DEFAULT_SHIPPING_RULES,
    ...overrides,
  });
  stores.push(store);
  return store;
}

const stored = () =>
  JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { items: { id: number }[] } | null;

beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
});

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  vi.useRealTimers();
});

describe('cart rules (SPEC 4 "Cart")', () => {
  it('adds a new item with quantity 1', () => {
    const store = newStore();
    store.addItem(diya);
    expect(store.getState().items).toEqual([
      {
        id: 1,
        name: 'Brass Diya Set',
        slug: 'brass-diya-set-1',
        image: '/uploads/1.webp',
        price: 499,
        category: 'Diwali',
        quantity: 1,
        inStock: true,
        allowPreOrder: false,
        minQuantity: 1,
        quantityTiers: [],
      },
    ]);
    expect(store.getState().total).toBe(499);
    expect(store.getState().itemCount).toBe(1);
  });

  it('raises the quantity of an item already present by 1 and the total by its price', () => {
    const store = newStore();
    store.addItem(diya);
    store.addItem(potli);
    store.addItem(diya);
    expect(store.getState().items.map((item) => [item.id, item.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(store.getState().total).toBe(499 * 2 + 120);
    expect(store.getState().itemCount).toBe(3);
  });

  it('adds a given number of units (a card adds minQuantity) and stops at the maximum of 10', () => {
    const store = newStore();
    store.addItem(favours, 5);
    expect(store.quantityOf(3)).toBe(5);
    store.addItem(favours, 5);
    store.addItem(favours);
    expect(store.quantityOf(3)).toBe(MAX_QUANTITY);
    expect(store.getState().total).toBe(800);
  });

  it("is the server's guest cart itself while empty, so hydrating a guest's page changes nothing", () => {
    const store = newStore();
    expect(store.getState()).toBe(EMPTY_CART);
    store.addItem(diya);
    expect(store.getState()).not.toBe(EMPTY_CART);
    store.removeItem(1);
    expect(store.getState()).toBe(EMPTY_CART);
  });

  it('removing a line subtracts its price times quantity', () => {
    const store = newStore();
    store.addItem(diya, 3);
    store.addItem(potli);
    store.removeItem(1);
    expect(store.getState().items.map((item) => item.id)).toEqual([2]);
    expect(store.getState().total).toBe(120);
  });

  it('updating to 0 or less removes the line; otherwise the total changes by the difference', () => {
    const store = newStore();
    store.addItem(diya);
    store.addItem(potli);
    store.updateQuantity(2, 4);
    expect(store.getState().total).toBe(499 + 4 * 120);
    store.updateQuantity(2, 0);
    expect(store.getState().items.map((item) => item.id)).toEqual([1]);
    store.updateQuantity(1, -2);
    expect(store.getState().items).toEqual([]);
    expect(store.getState().total).toBe(0);
  });

  it('caps an updated quantity at 10', () => {
    const store = newStore();
    store.addItem(potli);
    store.updateQuantity(2, 25);
    expect(store.quantityOf(2)).toBe(10);
  });

  it('clearing empties the cart and removes the stored cart', () => {
    const store = newStore();
    store.addItem(diya);
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();
    store.clearCart();
    expect(store.getState()).toMatchObject({ items: [], total: 0, itemCount: 0, shippingInfo: null });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('computes totals from the lines in paise, so they never drift', () => {
    const store = newStore();
    const cheap = { ...diya, id: 9, price: 0.1 };
    const cheaper = { ...diya, id: 10, price: 0.2 };
    for (let round = 0; round < 7; round += 1) {
      store.addItem(cheap);
      store.addItem(cheaper);
    }
    store.updateQuantity(9, 3);
    store.removeItem(10);
    store.addItem(cheaper);
    expect(store.getState().total).toBe(0.5);
  });
});

describe('cart storage', () => {
  it('saves the cart under the key "cart" on every change', () => {
    const store = newStore();
    store.addItem(diya);
    expect(stored()?.items.map((item) => item.id)).toEqual([1]);
    store.addItem(potli);
    expect(stored()?.items.map((item) => item.id)).toEqual([1, 2]);
    store.updateQuantity(1, 0);
    expect(stored()?.items.map((item) => item.id)).toEqual([2]);
  });

  it('loads the stored cart when it starts', () => {
    newStore().addItem(diya, 2);
    const reloaded = newStore();
    expect(reloaded.getState().items).toHaveLength(1);
    expect(reloaded.getState().total).toBe(998);
  });

  it('resets a corrupted stored value without crashing', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    const store = newStore();
    expect(store.getState().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();

    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: 'lots' }));
    expect(newStore().getState().items).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('reads an outdated stored cart: string ids, missing fields, stored totals, broken and duplicate lines', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          { id: '7', name: 'Old Rakhi', price: 99, quantity: 2 },
          { id: 'abc', name: 'Broken', price: 10, quantity: 1 },
          { id: 8, name: 'No price', quantity: 1 },
          { id: 7, name: 'Old Rakhi', price: 99, quantity: 1, image: null },
          { id: 9, name: 'Too many', price: 10, quantity: 40 },
        ],
        total: 123456,
        loading: true,
      }),
    );
    const store = newStore();
    expect(store.getState().items).toEqual([
      {
        id: 7,
        name: 'Old Rakhi',
        slug: undefined,
        image: '',
        price: 99,
        category: '',
        quantity: 3,
        inStock: true,
        allowPreOrder: false,
        minQuantity: 1,
        quantityTiers: [],
      },
      expect.objectContaining({ id: 9, quantity: 10 }),
    ]);
    expect(store.getState().total).toBe(99 * 3 + 100);
  });

  it('works in memory when storage is unavailable', () => {
    const store = newStore({ storage: null });
    store.addItem(diya);
    expect(store.getState().itemCount).toBe(1);
  });

  it('follows another tab through the storage event', () => {
    const store = newStore();
    const stop = syncAcrossTabs(store, window, 'token');
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getState().itemCount));

    // The other tab saves its cart, then the browser tells this one.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...diya, quantity: 4 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getState().itemCount).toBe(4);
    expect(store.getState().total).toBe(4 * 499);

    // The other tab cleared its cart.
    localStorage.removeItem(CART_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getState().items).toEqual([]);

    // Unrelated keys change nothing.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...diya, quantity: 2 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'selectedPincode' }));
    expect(store.getState().items).toEqual([]);
    expect(seen).toContain(4);

    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(store.getState().items).toEqual([]);
  });
});

describe('stored cart parser loaded on demand', () => {
  it('starts empty without asking for the parser when nothing is stored', () => {
    let asked = 0;
    const parseStored = lazyParser(async () => {
      asked += 1;
      return parseStoredCart;
    });
    expect(newStore({ parseStored }).getState().items).toEqual([]);
    expect(asked).toBe(0);
  });

  it('reads a cart found before its parser loaded once the parser arrives, and keeps it stored', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...diya, quantity: 3 }] }));
    let arrive: (parser: typeof parseStoredCart) => void = () => {};
    const parseStored = lazyParser(
      () =>
        new Promise<typeof parseStoredCart>((resolve) => {
          arrive = resolve;
        }),
    );
    const store = newStore({ parseStored });
    expect(store.getState().items).toEqual([]);
    expect(stored()?.items).toHaveLength(1);

    arrive(parseStoredCart);
    await vi.waitFor(() => expect(store.getState().itemCount).toBe(3));
    expect(store.getState().total).toBe(3 * 499);
  });
});

describe('parseStoredCart', () => {
  it('treats no stored value as an empty cart and unreadable values as null', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('[]')).toBeNull();
    expect(parseStoredCart('"cart"')).toBeNull();
  });
});

describe('analytics (GA4 in INR)', () => {
  const events = () =>
    (window.dataLayer ?? []).filter(
      (entry): entry is { event: string; ecommerce: { currency: string; value: number; items: unknown[] } } =>
        typeof entry === 'object' && entry !== null && 'event' in entry,
    );

  it('sends add_to_cart and remove_from_cart with the units that changed', () => {
    const store = newStore();
    store.addItem(favours, 5);
    store.updateQuantity(3, 7);
    store.updateQuantity(3, 6);
    store.removeItem(3);
    expect(events().map((entry) => [entry.event, entry.ecommerce.currency, entry.ecommerce.value])).toEqual([
      ['add_to_cart', 'INR', 400],
      ['add_to_cart', 'INR', 160],
      ['remove_from_cart', 'INR', 80],
      ['remove_from_cart', 'INR', 480],
    ]);
    expect(events()[0]?.ecommerce.items).toEqual([
      { item_id: '3', item_name: 'Wedding Favour Box', item_category: 'Diwali', price: 80, quantity: 5 },
    ]);
  });
});

describe('shipping (SPEC 4 and 8)', () => {
  const serverQuote = (subtotal: number): ShippingCalculation => ({
    subtotal,
    shippingFee: 0,
    total: subtotal,
    freeShipping: true,
    shippingReason: 'Free shipping for orders ≥ ₹1,000',
  });

  it('uses the client rules without a token, and asks no server', () => {
    const quotes = fakeQuotes();
    const store = newStore({ quoteShipping: quotes.quoteShipping });
    store.addItem(potli);
    expect(store.getState().shippingInfo).toEqual({
      subtotal: 120,
      shippingFee: 50,
      total: 170,
      freeShipping: false,
      shippingReason: '₹50 shipping charge',
    });
    expect(store.getState().loading).toBe(false);
    store.addItem(diya, 2);
    expect(store.getState().shippingInfo).toMatchObject({
      freeShipping: true,
      shippingFee: 0,
      shippingReason: 'Free shipping for orders ≥ ₹1,000',
    });
    expect(quotes.calls).toHaveLength(0);
  });

  it("uses the store's configured threshold and fee for the fallback", () => {
    const store = newStore({
      shippingRules: shippingRulesFromRupees({ freeShippingFrom: 1500, shippingFee: 75 }),
    });
    store.addItem(diya, 2);
    expect(store.getState().shippingInfo).toMatchObject({
      shippingFee: 75,
      total: 1073,
      freeShipping: false,
    });
  });

  it('clears shipping info when the cart becomes empty', () => {
    const store = newStore();
    store.addItem(potli);
    store.removeItem(2);
    expect(store.getState().shippingInfo).toBeNull();
  });

  it('asks the server once, 300 ms after the last change, when a token exists', async () => {
    vi.useFakeTimers();
    const quotes = fakeQuotes();
    const store = newStore({ quoteShipping: quotes.quoteShipping, hasToken: () => true });
    store.addItem(diya);
    vi.advanceTimersByTime(SHIPPING_RECALC_DEBOUNCE_MS - 1);
    store.addItem(diya);
    store.addItem(potli);
    expect(store.getState().loading).toBe(true);
    vi.advanceTimersByTime(SHIPPING_RECALC_DEBOUNCE_MS - 1);
    expect(quotes.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(quotes.calls.map((call) => call.items)).toEqual([
      [
        { product: 1, quantity: 2 },
        { product: 2, quantity: 1 },
      ],
    ]);

    quotes.calls[0]?.resolve(serverQuote(1118));
    await vi.runAllTimersAsync();
    expect(store.getState()).toMatchObject({ loading: false, shippingInfo: serverQuote(1118) });
  });

  it('falls back to the client rules when the server call fails', async () => {
    vi.useFakeTimers();
    const quotes = fakeQuotes();
    const store = newStore({ quoteShipping: quotes.quoteShipping, hasToken: () => true });
    store.addItem(potli);
    vi.advanceTimersByTime(SHIPPING_RECALC_DEBOUNCE_MS);
    quotes.calls[0]?.reject(new Error('Network error. Please check your connection.'));
    await vi.runAllTimersAsync();
    expect(store.getState()).toMatchObject({
      loading: false,
      shippingInfo: {
        subtotal: 120,
        shippingFee: 50,
        total: 170,
        freeShipping: false,
        shippingReason: '₹50 shipping charge',
      },
    });
  });

  it('ignores a quote that arrives after the cart changed again', async () => {
    vi.useFakeTimers();
    const quotes = fakeQuotes();
    const store = newStore({ quoteShipping: quotes.quoteShipping, hasToken: () => true });
    store.addItem(potli);
    vi.advanceTimersByTime(SHIPPING_RECALC_DEBOUNCE_MS);
    store.addItem(diya, 2);
    quotes.calls[0]?.resolve({ ...serverQuote(120), shippingReason: 'stale' });
    await Promise.resolve();
    expect(store.getState().loading).toBe(true);
    vi.advanceTimersByTime(SHIPPING_RECALC_DEBOUNCE_MS);
    quotes.calls[1]?.resolve(serverQuote(1118));
    await vi.runAllTimersAsync();
    expect(store.getState().shippingInfo?.shippingReason).toBe('Free shipping for orders ≥ ₹1,000');
    expect(store.getState().shippingInfo?.subtotal).toBe(1118);
  });

  it('asks no server for an empty cart, and a pending quote is dropped when the cart empties', async () => {
    vi.useFakeTimers();
    const quotes = fakeQuotes();
    const store = newStore({ quoteShipping: quotes.quoteShipping, hasToken: () => true });
    store.refreshShipping();
    store.addItem(potli);
    store.clearCart();
    await vi.runAllTimersAsync();
    expect(quotes.calls).toHaveLength(0);
    expect(store.getState()).toMatchObject({ shippingInfo: null, loading: false });
  });
});

describe('catalogue check (prices stay true)', () => {
  it('updates changed lines, removes vanished ones and says what changed', () => {
    const store = newStore();
    store.addItem(diya);
    store.addItem(potli, 2);
    store.addItem(favours, 5);
    const notices = store.applyCatalogue(
      new Map<number, CartProduct | null>([
        [1, { ...diya, price: 549 }],
        [2, { ...potli, inStock: false }],
        [3, null],
      ]),
    );
    expect(notices).toEqual([
      { kind: 'price', id: 1, name: 'Brass Diya Set', was: 499, now: 549 },
      { kind: 'out_of_stock', id: 2, name: 'Silk Potli Bag' },
      { kind: 'removed', id: 3, name: 'Wedding Favour Box' },
    ]);
    expect(store.getState().items.map((item) => [item.id, item.price, item.quantity, item.inStock])).toEqual([
      [1, 549, 1, true],
      [2, 120, 2, false],
    ]);
    expect(store.getState().total).toBe(549 + 240);
    expect(stored()?.items.map((item) => item.id)).toEqual([1, 2]);
  });

  it('leaves lines it could not check as they are', () => {
    const store = newStore();
    store.addItem(diya);
    expect(store.applyCatalogue(new Map())).toEqual([]);
    expect(store.getState().items[0]?.price).toBe(499);
  });
});
