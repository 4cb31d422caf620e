import { useEffect, useState } from 'react';
import { formatInr } from '../../../shared/money';
import { ApiError, apiRequest } from '../../api/client';
import type { CartProduct } from './cart-item';
import type { CartNotice } from './cart-store';
import { getCartStore } from './use-cart';

export type CartCheck = {
  /** 'partial' when some lines could not be checked (network, server): they keep their prices. */
  status: 'checking' | 'checked' | 'partial';
  notices: CartNotice[];
};

/** The product as the catalogue has it now; null when it no longer exists. */
async function currentProduct(id: number, signal: AbortSignal): Promise<CartProduct | null> {
  try {
    // Catalogue answers may be cached for a minute; this check must see the price of now, so the
    // browser revalidates (a cheap 304 when nothing changed).
    const [answer, { ProductResponse }] = await Promise.all([
      apiRequest<unknown>(`/products/${id}`, { signal, headers: { 'cache-control': 'max-age=0' } }),
      // The schema (Zod) loads with the check, not with the cart and checkout pages' code (the
      // JavaScript budget: docs/performance.md).
      import('../../../shared/api/catalog'),
    ]);
    return ProductResponse.parse(answer).product;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** What the shopper reads about a changed line. */
export function cartNoticeText(notice: CartNotice): string {
  switch (notice.kind) {
    case 'price':
      return `Price updated: was ${formatInr(notice.was)}, now ${formatInr(notice.now)}`;
    case 'out_of_stock':
      return 'Now out of stock';
    case 'pre_order':
      return 'Now available on pre-order only';
    case 'removed':
      return 'No longer available, so it was removed from your cart';
  }
}

/**
 * Prices stay true: when the cart page opens, every line is checked against the catalogue, so a
 * price or stock change since it was added is shown, and said, before checkout.
 */
export function useCartCheck(): CartCheck {
  const [check, setCheck] = useState<CartCheck>(() => ({
    status: getCartStore().getState().items.length > 0 ? 'checking' : 'checked',
    notices: [],
  }));

  useEffect(() => {
    const store = getCartStore();
    const ids = store.getState().items.map((item) => item.id);
    const controller = new AbortController();
    if (ids.length === 0) return;
    Promise.allSettled(ids.map((id) => currentProduct(id, controller.signal))).then((results) => {
      if (controller.signal.aborted) return;
      const latest = new Map<number, CartProduct | null>();
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') latest.set(ids[index]!, result.value);
      });
      const notices = store.applyCatalogue(latest);
      setCheck({ status: latest.size === ids.length ? 'checked' : 'partial', notices });
    });
    return () => controller.abort();
  }, []);

  return check;
}
