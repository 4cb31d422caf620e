import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShippingCalculation } from '../../../shared/delivery';
import { heldAnswer, TWO_HAMPERS } from '../../testing/checkout-fixtures';
import { renderHookWithQueries } from '../../testing/render-hook';
import { useCheckoutShipping } from './use-checkout-shipping';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cartQuote: ShippingCalculation = {
  subtotal: 1200,
  shippingFee: 0,
  total: 1200,
  freeShipping: true,
  shippingReason: 'Free shipping for orders ≥ ₹1,000',
};

/** The server's quote of Buy Now's two hampers at today's price of ₹427.50: ₹855 of goods, ₹50 shipping. */
const serverQuote: ShippingCalculation = {
  subtotal: 855,
  shippingFee: 50,
  total: 905,
  freeShipping: false,
  shippingReason: '₹50 shipping charge',
};

/** The network edge: /api/shipping/calculate answers `serverQuote` once let go, or fails with `status`. */
function serveQuotes(status = 200) {
  const asked: unknown[] = [];
  const { held, release } = heldAnswer();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://store.test');
      asked.push({ url: url.pathname, body: JSON.parse(String(init?.body)) });
      await held;
      return Response.json(status === 200 ? serverQuote : { message: 'Quote unavailable' }, { status });
    }),
  );
  return { asked, answer: release };
}

type Props = Parameters<typeof useCheckoutShipping>[0];
const shippingOf = (props: Props) => renderHookWithQueries(useCheckoutShipping, props);

// SPEC 4 and 8: what checkout charges for shipping.
describe("checkout's shipping", () => {
  it("prices the cart with the cart's own quote, and asks for none of its own", () => {
    const { asked } = serveQuotes();
    const shipping = shippingOf({
      buyNow: null,
      userId: 11,
      subtotal: 1200,
      cart: { shippingInfo: cartQuote, loading: true },
    });
    expect(shipping.result.current).toEqual({
      quote: cartQuote,
      shipping: { fee: 0, free: true, message: 'Free shipping for orders ≥ ₹1,000', loading: true },
    });
    expect(asked).toEqual([]);
  });

  it("prices by the store's rules, showing no shipping line, until the cart's quote comes", () => {
    serveQuotes();
    const shipping = shippingOf({
      buyNow: null,
      userId: 11,
      subtotal: 600,
      cart: { shippingInfo: null, loading: true },
    });
    expect(shipping.result.current).toEqual({
      quote: {
        subtotal: 600,
        shippingFee: 50,
        total: 650,
        freeShipping: false,
        shippingReason: '₹50 shipping charge',
      },
      shipping: null,
    });
  });

  it("asks Buy Now's line its own quote once signed in, the store's rules standing in meanwhile", async () => {
    const { asked, answer } = serveQuotes();
    const shipping = shippingOf({
      buyNow: TWO_HAMPERS,
      userId: 11,
      subtotal: 900,
      cart: { shippingInfo: cartQuote, loading: false },
    });
    await waitFor(() =>
      expect(asked).toEqual([
        { url: '/api/shipping/calculate', body: { items: [{ product: 21, quantity: 2 }] } },
      ]),
    );
    expect(shipping.result.current).toEqual({
      quote: {
        subtotal: 900,
        shippingFee: 50,
        total: 950,
        freeShipping: false,
        shippingReason: '₹50 shipping charge',
      },
      shipping: { fee: 50, free: false, message: '₹50 shipping charge', loading: true },
    });
    await answer();
    await waitFor(() => expect(shipping.result.current.shipping?.loading).toBe(false));
    expect(shipping.result.current.quote).toEqual(serverQuote);
  });

  it("asks no quote for a guest's Buy Now, nor lets a failed one stop checkout: the store's rules price it", async () => {
    const { asked, answer } = serveQuotes(503);
    const guest = shippingOf({
      buyNow: TWO_HAMPERS,
      userId: null,
      subtotal: 1350,
      cart: { shippingInfo: null, loading: false },
    });
    const rules = {
      subtotal: 1350,
      shippingFee: 0,
      total: 1350,
      freeShipping: true,
      shippingReason: 'Free shipping for orders ≥ ₹1,000',
    };
    expect(guest.result.current.quote).toEqual(rules);
    expect(asked).toEqual([]);

    guest.rerender({
      buyNow: TWO_HAMPERS,
      userId: 11,
      subtotal: 1350,
      cart: { shippingInfo: null, loading: false },
    });
    await waitFor(() => expect(asked).toHaveLength(1));
    await answer();
    await waitFor(() => expect(guest.result.current.shipping?.loading).toBe(false));
    expect(guest.result.current.quote).toEqual(rules);
  });
});
