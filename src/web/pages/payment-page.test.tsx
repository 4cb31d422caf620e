import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { OrderRecord } from '../../shared/api/orders';
import {
  type CodEligibility,
  type CreateOrderResponse,
  tooManyUnpaidOrdersMessage,
} from '../../shared/api/payments';
import { TOKEN_STORAGE_KEY } from '../api/client';
import { storeSettings } from '../app-data';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { getCartStore, resetCartStoreForTests } from '../features/cart/use-cart';
import { COD_CHECKING } from '../features/payment/payment-method-choice';
import type { PaymentRequest } from '../features/payment/payment-request';
import type { RazorpayConstructor, RazorpayFailure, RazorpayOptions } from '../features/payment/razorpay';
import { TWO_HAMPERS } from '../testing/checkout-fixtures';
import { testOrder } from '../testing/order-fixtures';
import { PaymentPage } from './payment-page';

const arjun: User = {
  id: 5,
  userId: 5,
  name: 'Arjun Mehta',
  fullName: 'Arjun Mehta',
  email: 'arjun@example.com',
  username: 'arjun5',
  role: 'customer',
};

const request: PaymentRequest = {
  address: {
    fullName: 'Arjun Mehta',
    address: '12, MG Road',
    city: 'Bengaluru',
    postalCode: '560001',
    phone: '9876543210',
  },
  orderTotal: 950,
  shippingFee: 50,
  shippingInfo: {
    subtotal: 900,
    shippingFee: 50,
    total: 950,
    freeShipping: false,
    shippingReason: '₹50 shipping charge',
  },
  items: [TWO_HAMPERS],
};

const created: CreateOrderResponse = {
  order: { id: 'order_sbx_1', amount: 95000, currency: 'INR' },
  orderId: '0b9f7c1e-4a7d-4c43-9a53-1f1d1c2e3f40',
  orderNumber: 'RG-10427',
  totalAmount: 950,
  keyId: 'rzp_test_sandbox',
  provider: 'sandbox',
  paymentMethod: 'online',
};

/** The provider's window, as checkout.js exposes it: the test plays the shopper's part. */
class FakeCheckout {
  static opened: FakeCheckout[] = [];
  failed: ((response: RazorpayFailure) => void)[] = [];
  closed = false;
  constructor(readonly options: RazorpayOptions) {}
  on(_event: 'payment.failed', callback: (response: RazorpayFailure) => void) {
    this.failed.push(callback);
  }
  open() {
    FakeCheckout.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}
const lastWindow = () => FakeCheckout.opened.at(-1) as FakeCheckout;

// The days on offer at 14:30 India time on Monday 23 November 2026: from tomorrow.
const afterCutoffDates = {
  today: '2026-11-23',
  type: 'next_day',
  days: '1 Day',
  dates: ['2026-11-24', '2026-11-25', '2026-11-26'].map((date) => ({
    date,
    slots: [
      { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 },
      { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 },
    ],
  })),
};

type Reply = { status: number; body: unknown } | 'network-error';

// Decision 0042: what the store says of cash on delivery; not offered unless a test offers it.
const NOT_OFFERED: CodEligibility = {
  offered: false,
  available: false,
  reason: null,
  needsPhone: false,
  fee: 49,
  totalWithFee: 999,
};
/** Offered, and this cart may be paid on delivery. */
const COD_AVAILABLE: CodEligibility = { ...NOT_OFFERED, offered: true, available: true };
let codAnswer: CodEligibility = NOT_OFFERED;
/** Holds the cash on delivery answer back until the test lets it go (null: answered at once). */
let codAnswerHeld: Promise<void> | null = null;

/** Holds the next cash on delivery answers back; answers them when the returned function is called. */
function holdCodAnswer(): () => void {
  let answer = () => {};
  codAnswerHeld = new Promise((resolve) => {
    answer = resolve;
  });
  return () => act(() => answer());
}

/** The network edge: /api/payments/* answering from queues the test fills. */
function servePayments() {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  const replies: Record<string, (Reply | Promise<Reply>)[]> = {
    'create-order': [],
    'verify-payment': [],
    'payment-failed': [],
  };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/pincodes/delivery-dates/560001') return json(afterCutoffDates);
    if (url.pathname === '/api/payments/cod-eligibility') {
      await codAnswerHeld;
      return json(codAnswer);
    }
    const name = url.pathname.replace('/api/payments/', '');
    calls.push({
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const reply = await replies[name]?.shift();
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply) return json(reply.body, reply.status);
    if (name === 'create-order') return json(created);
    if (name === 'verify-payment') {
      return json({
        success: true,
        message: 'Payment verified successfully',
        orderId: created.orderId,
        orderNumber: created.orderNumber,
        status: 'paid',
      });
    }
    if (name === 'payment-failed') {
      return json({
        success: true,
        message: 'Payment failure recorded',
        orderId: created.orderId,
        status: 'pending',
      });
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (name: string) => calls.filter((call) => call.path === `/api/payments/${name}`);
  return { replies, callsTo };
}

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

// `unknown`: some tests hand the page a state it must refuse (a missing or malformed order).
function renderPayment({
  user = arjun as User | null,
  state = request as unknown,
  search = '',
  /** The page the shopper came from, one Back away. */
  from = null as string | null,
} = {}) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const api: AuthApi = {
    me: async () => {
      if (!user) throw new Error('no session');
      return user;
    },
    login: async () => ({ user: arjun, token: 't' }),
    register: async () => ({ user: arjun, token: 't' }),
    logout: async () => {},
  };
  const router = createMemoryRouter(
    [
      { path: '/payment', element: <PaymentPage /> },
      { path: '/login', element: <Probe name="Login page" /> },
      { path: '/checkout', element: <Probe name="Checkout page" /> },
      { path: '/order-confirmation/:orderId', element: <Probe name="Confirmation page" /> },
    ],
    { initialEntries: [...(from ? [from] : []), { pathname: '/payment', search, state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider api={api}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const payButton = () => screen.findByRole('button', { name: 'Pay ₹950' });

beforeEach(() => {
  codAnswer = NOT_OFFERED;
  codAnswerHeld = null;
  storeSettings.cashOnDelivery = false;
  localStorage.clear();
  sessionStorage.clear();
  window.dataLayer = [];
  FakeCheckout.opened = [];
  window.Razorpay = FakeCheckout as unknown as RazorpayConstructor;
  resetCartStoreForTests();
});

afterEach(() => {
  cleanup();
  resetCartStoreForTests();
  delete window.Razorpay;
  vi.unstubAllGlobals();
});

describe('Payment page (SPEC 2, 4 and 8)', () => {
  it('refuses a visit without the checkout state', async () => {
    servePayments();
    renderPayment({ state: { address: request.address, items: [] } });
    expect(await screen.findByRole('heading', { name: 'Invalid Payment Request' })).toBeTruthy();
    expect(screen.getByText('Please complete the checkout process first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('sends a visitor without a session to log in, back to checkout with the address', async () => {
    servePayments();
    const router = renderPayment({ user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/checkout', shippingAddress: request.address });
  });

  it('shows the summary, the address and the payment method', async () => {
    servePayments();
    renderPayment();
    expect(await screen.findByRole('heading', { name: 'Complete Your Payment' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary.textContent).toContain('Subtotal (2 items)₹900');
    expect(summary.textContent).toContain('Shipping₹50');
    expect(summary.textContent).toContain('Total₹950');
    const address = screen.getByRole('region', { name: 'Shipping Address' });
    expect(address.textContent).toContain('12, MG Road');
    expect(address.textContent).toContain('Phone: 9876543210');
    expect(screen.getByText('Pay securely with cards, UPI, Net Banking, and wallets')).toBeTruthy();
    expect(screen.getByText(/256-bit SSL/)).toBeTruthy();
    expect(await payButton()).toBeTruthy();
  });

  it('places a cash on delivery order with its fee, without the payment window (decision 0042)', async () => {
    const user = userEvent.setup();
    codAnswer = COD_AVAILABLE;
    const api = servePayments();
    api.replies['create-order']?.push({
      status: 200,
      body: { paymentMethod: 'cod', orderId: created.orderId, orderNumber: 'RG-10427', totalAmount: 999 },
    });
    getCartStore().addItem({ id: 21, name: 'Diwali Dry Fruit Hamper', price: 450 }, 2);
    const router = renderPayment();

    await user.click(await screen.findByRole('radio', { name: /Cash on delivery/ }));
    expect(screen.getByText('Cash on delivery fee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place order: pay ₹999 on delivery' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/order-confirmation/${created.orderId}`),
    );
    expect(api.callsTo('create-order')[0]?.body).toMatchObject({ paymentMethod: 'cod', totalAmount: 999 });
    expect(FakeCheckout.opened).toHaveLength(0);
    expect(router.state.location.state).toEqual({ cashOnDelivery: true });
    expect(getCartStore().getState().items).toHaveLength(0);
  });

  it("holds the place of the choice, greyed, while the cart's cash on delivery answer is on its way", async () => {
    storeSettings.cashOnDelivery = true;
    const answer = holdCodAnswer();
    codAnswer = COD_AVAILABLE;
    servePayments();
    renderPayment();

    const online = await screen.findByRole('radio', { name: /Pay online/ });
    const cod = screen.getByRole('radio', { name: /Cash on delivery/ });
    expect((online as HTMLInputElement).checked).toBe(true);
    expect((cod as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(COD_CHECKING)).toBeTruthy();
    expect(await payButton()).toBeTruthy();

    answer();
    // The same radio, enabled: the answer fills the place it held.
    await waitFor(() => expect((cod as HTMLInputElement).disabled).toBe(false));
    expect(cod.isConnected).toBe(true);
    expect(screen.getByText('Pay ₹999 in cash when it arrives (includes a ₹49 COD fee)')).toBeTruthy();
    expect(screen.queryByText(COD_CHECKING)).toBeNull();
  });

  it('shows only the online note while the answer is on its way in a store without cash on delivery', async () => {
    const answer = holdCodAnswer();
    servePayments();
    renderPayment();
    expect(await payButton()).toBeTruthy();
    expect(screen.getByText(/256-bit SSL/)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).toBeNull();
    answer();
  });

  it('says why cash on delivery is not available, and offers the code when a mobile is missing', async () => {
    codAnswer = {
      offered: true,
      available: false,
      reason: 'Verify your mobile number with a one-time code to pay cash on delivery.',
      needsPhone: true,
      fee: 49,
      totalWithFee: 999,
    };
    servePayments();
    renderPayment();
    const cod = await screen.findByRole('radio', { name: /Cash on delivery/ });
    expect((cod as HTMLInputElement).disabled).toBe(true);
    expect(cod.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(cod.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Verify your mobile number with a one-time code to pay cash on delivery.',
    );
    // The code form's own code loads when it is offered.
    expect(await screen.findByRole('button', { name: 'Add mobile number' })).toBeTruthy();
    expect(await payButton()).toBeTruthy();
  });

  it('creates the order, opens the window, verifies, clears the cart and confirms', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    getCartStore().addItem({ id: 21, name: 'Diwali Dry Fruit Hamper', price: 450 }, 2);
    let answerVerify: (reply: Reply) => void = () => {};
    const router = renderPayment();

    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));

    const [create] = api.callsTo('create-order');
    expect(create?.body).toEqual({
      items: [{ productId: 21, quantity: 2, inStock: true, allowPreOrder: false, minQuantity: 1 }],
      totalAmount: 950,
      shippingAddress: request.address,
    });
    expect(create?.headers['idempotency-key']).toMatch(/\S{8,}/);

    const { options } = lastWindow();
    expect(options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 95000,
      currency: 'INR',
      order_id: 'order_sbx_1',
      name: storeSettings.storeName,
      image: `${window.location.origin}/favicon.svg`,
      prefill: { name: 'Arjun Mehta', email: 'arjun@example.com', contact: '9876543210' },
      readonly: { email: true, contact: true, name: true },
      theme: { color: '#ea580c' },
      modal: { escape: false, confirm_close: true },
    });

    // The verification is held back so the processing screen can be seen.
    api.replies['verify-payment']?.push(
      new Promise<Reply>((resolve) => {
        answerVerify = resolve;
      }),
    );
    act(() =>
      options.handler({
        razorpay_order_id: 'order_sbx_1',
        razorpay_payment_id: 'pay_sbx_1',
        razorpay_signature: 'signature',
      }),
    );
    const overlay = await screen.findByRole('alertdialog', { name: 'Processing Payment' });
    expect(overlay.textContent).toContain('Please wait while we verify your payment...');

    answerVerify({
      status: 200,
      body: {
        success: true,
        message: 'ok',
        orderId: created.orderId,
        orderNumber: 'RG-10427',
        status: 'paid',
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/order-confirmation/${created.orderId}`),
    );
    expect(router.state.location.state).toEqual({ paymentSuccess: true });
    expect(getCartStore().getState().items).toHaveLength(0);
    expect(localStorage.getItem('cart')).toBeNull();
    const purchase = (window.dataLayer ?? []).find(
      (entry) =>
        typeof entry === 'object' && entry !== null && 'event' in entry && entry.event === 'purchase',
    );
    expect(purchase).toMatchObject({
      ecommerce: { currency: 'INR', transaction_id: 'RG-10427', value: 950, shipping: 50 },
    });
  });

  it("keeps the cart when Buy Now's one line is paid (decision 0069)", async () => {
    const user = userEvent.setup();
    const api = servePayments();
    getCartStore().addItem({ id: 31, name: 'Rose Candle', price: 699 }, 2);
    const router = renderPayment({ state: { ...request, buyNow: true } });
    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(api.callsTo('create-order')[0]?.body).toMatchObject({
      items: [{ productId: 21, quantity: 2 }],
    });
    api.replies['verify-payment']?.push({
      status: 200,
      body: {
        success: true,
        message: 'ok',
        orderId: created.orderId,
        orderNumber: 'RG-10427',
        status: 'paid',
      },
    });
    act(() =>
      lastWindow().options.handler({
        razorpay_order_id: 'order_sbx_1',
        razorpay_payment_id: 'pay_sbx_1',
        razorpay_signature: 'signature',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/order-confirmation/${created.orderId}`),
    );
    expect(
      getCartStore()
        .getState()
        .items.map((line) => [line.id, line.quantity]),
    ).toEqual([[31, 2]]);
  });

  it('shows the coupon, sends its code with the order and tags the purchase with it', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    sessionStorage.setItem('couponCode', 'DIWALI100');
    // ₹900 of items, ₹100 off, ₹50 shipping (from the value before the coupon).
    renderPayment({ state: { ...request, orderTotal: 850, couponCode: 'DIWALI100', discount: 100 } });
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(summary.textContent).toContain('Coupon DIWALI100-₹100');
    expect(summary.textContent).toContain('Shipping₹50');
    expect(summary.textContent).toContain('Total₹850');

    api.replies['create-order']?.push({ status: 200, body: { ...created, totalAmount: 850 } });
    await user.click(await screen.findByRole('button', { name: 'Pay ₹850' }));
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(api.callsTo('create-order')[0]?.body).toMatchObject({ totalAmount: 850, couponCode: 'DIWALI100' });

    act(() =>
      lastWindow().options.handler({
        razorpay_order_id: 'order_sbx_1',
        razorpay_payment_id: 'pay_sbx_1',
        razorpay_signature: 'signature',
      }),
    );
    await waitFor(() => expect(sessionStorage.getItem('couponCode')).toBeNull());
    const purchase = (window.dataLayer ?? []).find(
      (entry) =>
        typeof entry === 'object' && entry !== null && 'event' in entry && entry.event === 'purchase',
    );
    expect(purchase).toMatchObject({ ecommerce: { value: 850, coupon: 'DIWALI100' } });
  });

  it('sends the gift message and hidden prices chosen at checkout with the order', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    const giftOptions = { message: 'Happy Diwali, Meera!\nWith love, Asha', hidePrices: true };
    renderPayment({ state: { ...request, giftOptions } });
    // The shopper sees what the order will carry before paying.
    expect((await screen.findByLabelText('Gift message')).textContent).toBe(giftOptions.message);
    expect(screen.getByText('Gift · Prices hidden')).toBeTruthy();

    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(api.callsTo('create-order')[0]?.body).toMatchObject({ totalAmount: 950, giftOptions });
  });

  it('says the payment was cancelled when the window is dismissed, and lets the shopper pay again', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    renderPayment();

    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    act(() => lastWindow().options.modal.ondismiss());
    expect((await screen.findByRole('alert')).textContent).toBe('Payment cancelled by user');
    const again = await payButton();
    expect((again as HTMLButtonElement).disabled).toBe(false);

    await user.click(again);
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(2));
    const keys = api.callsTo('create-order').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    // Paying again retries the same pending order instead of making a second one that holds stock.
    expect(keys[0]).toBe(keys[1]);
  });

  it('closes the open payment window when the shopper goes Back to checkout (decision 0068)', async () => {
    const user = userEvent.setup();
    servePayments();
    const router = renderPayment({ from: '/checkout' });
    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(lastWindow().closed).toBe(false);

    await act(() => router.navigate(-1));
    expect(await screen.findByText(/^Checkout page/)).toBeTruthy();
    expect(lastWindow().closed).toBe(true);
  });

  it('reports a failed payment and shows its description, or Unknown error', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    renderPayment();

    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Card declined by bank',
      metadata: { order_id: 'order_sbx_1', payment_id: 'pay_sbx_2' },
    };
    act(() => {
      for (const callback of lastWindow().failed) callback({ error });
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed: Card declined by bank');
    await waitFor(() => expect(api.callsTo('payment-failed')).toHaveLength(1));
    expect(api.callsTo('payment-failed')[0]?.body).toEqual({ orderId: created.orderId, error });

    act(() => {
      for (const callback of lastWindow().failed) callback({});
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed: Unknown error');
  });

  it('retries a create that met a network error with the same key, and starts afresh after a refusal', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    api.replies['create-order']?.push('network-error', {
      status: 409,
      body: { message: 'Prices have changed since you loaded the page. Please review your cart.' },
    });
    renderPayment();

    await user.click(await payButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to initiate payment');
    await user.click(await payButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Prices have changed since you loaded the page. Please review your cart.',
    );
    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));

    const keys = api.callsTo('create-order').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    // A refused key (order expired or changed) cannot succeed again: the next press is a new order.
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('retries the same order after the tab reloads, and makes a new one for a changed cart or after paying', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    const keys = () => api.callsTo('create-order').map((call) => call.headers['idempotency-key']);
    /** A visit of the payment page: Pay, then the window dismissed (or, with `pays`, paid). */
    async function visit(state: unknown = request, { pays = false } = {}) {
      renderPayment({ state });
      await user.click(await screen.findByRole('button', { name: /^Pay ₹/ }));
      await waitFor(() => expect(FakeCheckout.opened.length).toBeGreaterThan(0));
      act(() => {
        if (pays) {
          lastWindow().options.handler({
            razorpay_order_id: 'order_sbx_1',
            razorpay_payment_id: 'pay_sbx_1',
            razorpay_signature: 'signature',
          });
        } else lastWindow().options.modal.ondismiss();
      });
      if (pays) await waitFor(() => expect(api.callsTo('verify-payment')).toHaveLength(1));
      // The page goes away, as when Android discards the tab behind the shopper's UPI app.
      cleanup();
      FakeCheckout.opened = [];
    }

    await visit();
    await visit();
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);

    const threeHampers = { ...request, items: [{ ...request.items[0]!, quantity: 3 }], orderTotal: 1400 };
    await visit(threeHampers);
    expect(keys()[2]).not.toBe(keys()[0]);

    await visit(threeHampers, { pays: true });
    expect(keys()[3]).toBe(keys()[2]);
    // Paid: the same cart bought again is another order.
    await visit(threeHampers);
    expect(keys()[4]).not.toBe(keys()[2]);
  });

  it('makes a new order when what the tab kept is not a payment attempt it wrote', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    sessionStorage.setItem('paymentAttempts', JSON.stringify({ online: { request: 5, key: '' } }));
    renderPayment();
    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(api.callsTo('create-order')[0]?.headers['idempotency-key']).toMatch(/\S{8,}/);
  });

  it('links My Orders when the shopper already has as many unpaid orders as the store allows', async () => {
    const user = userEvent.setup();
    const api = servePayments();
    const message = tooManyUnpaidOrdersMessage(['RG-10001', 'RG-10002', 'RG-10003']);
    api.replies['create-order']?.push({ status: 409, body: { message } });
    renderPayment();

    await user.click(await payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You already have 3 orders waiting for payment (RG-10001, RG-10002, RG-10003). Pay or cancel one in My Orders before placing another.',
    );
    expect(within(alert).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');
  });

  it('says Initiating Payment... while the order is being created', async () => {
    const user = userEvent.setup();
    servePayments();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const network = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).endsWith('/create-order')) await gate;
      return (network as typeof fetch)(input, init);
    });
    renderPayment();

    await user.click(await payButton());
    const busy = await screen.findByRole('button', { name: 'Initiating Payment...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(((await payButton()) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    [
      {
        status: 409,
        body: { message: 'This order was cancelled before the payment arrived; it will be refunded.' },
      },
      'Payment verification failed: This order was cancelled before the payment arrived; it will be refunded.',
    ],
    [
      { status: 400, body: { message: 'Payment verification failed' } },
      'Payment verification failed. Please contact support.',
    ],
    ['network-error' as const, 'Payment verification failed. Please contact support.'],
  ])('explains a failed verification (%#)', async (reply, message) => {
    const user = userEvent.setup();
    const api = servePayments();
    api.replies['verify-payment']?.push(reply);
    const router = renderPayment();

    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    act(() =>
      lastWindow().options.handler({
        razorpay_order_id: 'order_sbx_1',
        razorpay_payment_id: 'pay_sbx_1',
        razorpay_signature: 'forged',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/payment');
  });

  it("shows the server's refusal of a day that has passed, offers the days again and pays with the new one", async () => {
    const user = userEvent.setup();
    const api = servePayments();
    const refusal = 'Same-day delivery closes at 2 PM India time. Please choose Tue, 24 Nov or later';
    api.replies['create-order']?.push({
      status: 400,
      body: { message: refusal, errors: [{ path: 'delivery', message: refusal }] },
    });
    renderPayment({
      state: { ...request, orderTotal: 1149, delivery: { date: '2026-11-23', slot: 'midnight', fee: 199 } },
    });
    expect(
      await screen.findByText('Delivery on Mon, 23 Nov · Midnight delivery (11 PM - 11:59 PM) (₹199 extra)'),
    ).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,149' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(api.callsTo('create-order')[0]?.body).toMatchObject({
      totalAmount: 1149,
      delivery: { date: '2026-11-23', slot: 'midnight' },
    });
    // The refused day is gone: without a new choice the order would go at the earliest, for ₹950.
    const again = await screen.findByRole('region', { name: 'Choose another delivery date' });
    expect(await within(again).findByRole('radio', { name: 'Earliest available' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('button', { name: 'Pay ₹950' })).toBeTruthy();

    await user.click(within(again).getByRole('radio', { name: 'Tomorrow, 24 Nov' }));
    await user.click(
      within(again).getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }),
    );
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,149' }));
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(api.callsTo('create-order')[1]?.body).toMatchObject({
      totalAmount: 1149,
      delivery: { date: '2026-11-24', slot: 'midnight' },
    });
  });
});

describe('Complete payment of an order left waiting for payment', () => {
  const pending = testOrder({
    id: created.orderId,
    orderNumber: created.orderNumber,
    status: 'pending',
    createdAt: '2026-11-23T05:30:00.000Z',
    created_at: '2026-11-23T05:30:00.000Z',
    paidAt: null,
    shippingAddress: request.address,
    payableUntil: new Date(Date.now() + 10 * 60 * 1000).toISOString(),
  });

  function serveOrder(order: OrderRecord) {
    const paths: string[] = [];
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        paths.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === `/api/orders/${order.id}`) return json(order);
        if (url.pathname === `/api/orders/${order.id}/payment`) return json(created);
        if (url.pathname === '/api/payments/verify-payment') {
          return json({
            success: true,
            message: 'Payment verified successfully',
            orderId: order.id,
            orderNumber: order.orderNumber,
            status: 'paid',
          });
        }
        return json({ message: 'Not found' }, 404);
      }),
    );
    return paths;
  }

  it('pays that order, not a new one, and confirms it', async () => {
    const user = userEvent.setup();
    const paths = serveOrder(pending);
    getCartStore().addItem({ id: 77, name: 'Brass Diya', price: 299 }, 1);
    const router = renderPayment({ state: null, search: `?order=${created.orderId}` });

    expect(await screen.findByRole('heading', { name: 'Complete Your Payment' })).toBeTruthy();
    expect(await screen.findByText(`Order ${created.orderNumber}`)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain('Total₹950');
    await user.click(await payButton());
    await waitFor(() => expect(FakeCheckout.opened).toHaveLength(1));
    expect(lastWindow().options).toMatchObject({ order_id: 'order_sbx_1', amount: 95000 });

    act(() =>
      lastWindow().options.handler({
        razorpay_order_id: 'order_sbx_1',
        razorpay_payment_id: 'pay_sbx_2',
        razorpay_signature: 'signature',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/order-confirmation/${created.orderId}`),
    );
    expect(router.state.location.state).toEqual({ paymentSuccess: true });
    expect(paths).toContain(`POST /api/orders/${created.orderId}/payment`);
    expect(paths.some((path) => path.endsWith('/create-order'))).toBe(false);
    // The cart holds what the shopper added since; paying an older order leaves it alone.
    expect(getCartStore().getState().items).toHaveLength(1);
  });

  it('says so when the order can no longer be paid', async () => {
    serveOrder({ ...pending, status: 'cancelled', payableUntil: null });
    renderPayment({ state: null, search: `?order=${created.orderId}` });
    expect(
      await screen.findByRole('heading', { name: 'This order is no longer awaiting payment' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay ₹950' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders');
  });
});
