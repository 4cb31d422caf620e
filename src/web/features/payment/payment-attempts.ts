import type { PaymentMethod } from '../../../shared/cash-on-delivery';
import type { Attempts } from './stored-attempts';

// An order a Pay press made stays the answer to the same request for the rest of the tab's
// checkout, in sessionStorage, so it survives a reload: Android often discards a background tab
// while the shopper is in their UPI app, and the page they come back to must retry that order, not
// make a second one beside it (one more held stock and counted towards the unpaid-orders limit,
// and could be paid twice). A different request (the cart, address or choices changed) is a new
// order, as the server would answer it (DESIGN 4: the same key must ask for exactly the same order).
const ATTEMPTS_STORAGE_KEY = 'paymentAttempts';

const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function storedText(): string | null {
  try {
    return sessionStorage.getItem(ATTEMPTS_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeAttempts(attempts: Attempts) {
  try {
    sessionStorage.setItem(ATTEMPTS_STORAGE_KEY, JSON.stringify(attempts));
  } catch {
    // Storage can be disabled (private mode); the key then lasts as long as the page's memory.
  }
}

/**
 * The idempotency keys of a payment page: read from the tab's storage at the first Pay (with their
 * check, which needs Zod: it loads then, not with the page, decision 0088), kept in memory too
 * (storage may be refused) and written back on every change.
 */
export function createAttemptKeys() {
  let attempts: Attempts = {};
  let read: Promise<void> | undefined;
  const load = () =>
    (read ??= import('./stored-attempts').then(
      (stored) => {
        attempts = stored.readAttempts(storedText());
      },
      (error: unknown) => {
        // A chunk that failed to download (offline) is asked for again at the next Pay.
        read = undefined;
        throw error;
      },
    ));
  const change = (next: Attempts) => {
    attempts = next;
    storeAttempts(next);
  };
  return {
    /** The key for this request: the earlier attempt's when it asked for exactly the same. */
    async keyFor(method: PaymentMethod, request: string): Promise<string> {
      await load();
      const earlier = attempts[method];
      if (earlier?.request === request) return earlier.key;
      const key = newIdempotencyKey();
      change({ ...attempts, [method]: { request, key } });
      return key;
    },
    /** After the server refused the key, or the order was paid or placed: the next is a new order. */
    forget(method: PaymentMethod) {
      // Before the first keyFor this page made no order, and what the tab kept stays as it is.
      if (read === undefined) return;
      const { [method]: _forgotten, ...others } = attempts;
      change(others);
    },
  };
}
