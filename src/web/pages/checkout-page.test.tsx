import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressRecord } from '../../shared/api/addresses';
import type { User } from '../../shared/api/auth';
import type { AccountConsent } from '../../shared/consents';
import type { DeliveryInfo } from '../../shared/delivery';
import { INVALID_PINCODE_DELIVERY } from '../../shared/delivery-rules';
import { TOKEN_STORAGE_KEY } from '../api/client';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { buyNowState } from '../features/cart/buy-now';
import { type CartProduct, toCartItem } from '../features/cart/cart-item';
import { getCartStore, resetCartStoreForTests } from '../features/cart/use-cart';
import { resetLocationForTests } from '../features/location/use-location-state';
import { testProduct } from '../testing/catalog-fixtures';
import { savedAddress } from '../testing/checkout-fixtures';
import { CheckoutPage } from './checkout-page';

const meera: User = {
  id: 11,
  userId: 11,
  name: 'Meera Nair',
  fullName: 'Meera Nair',
  email: 'meera.nair@example.com',
  username: 'meera42',
  role: 'customer',
};

const hamper: CartProduct = {
  id: 21,
  name: 'Diwali Dry Fruit Hamper',
  price: 450,
  category: 'Diwali',
  inStock: true,
};
const thali: CartProduct = {
  id: 22,
  name: 'Silver Pooja Thali',
  price: 799,
  category: 'Pooja',
  inStock: false,
  allowPreOrder: true,
};

const bengaluru: DeliveryInfo = {
  serviceable: true,
  days: '1 Day',
  message: 'Next-day delivery',
  type: 'next_day',
  fastDelivery: true,
  city: 'Bengaluru',
  isPreOrder: false,
  shipping: { cost: 50, free: false, message: '₹50 shipping charge' },
};

const week = (first: string) =>
  Array.from({ length: 7 }, (_, index) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
  );
const standardSlot = { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 };
const midnightSlot = { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 };
// The days on offer at 11:00 India time on Monday 23 November 2026.
const bengaluruDates = {
  today: '2026-11-23',
  type: 'same_day',
  days: 'Today',
  dates: week('2026-11-23').map((date) => ({ date, slots: [standardSlot, midnightSlot] })),
};
const delhiDates = {
  today: '2026-11-23',
  type: 'standard',
  days: '3-5 Days',
  dates: week('2026-11-26').map((date) => ({ date, slots: [standardSlot] })),
};

/** The network edge: addresses, the pincode check and the cart's shipping quote, as the server answers. */
function serveApi({
  addresses = [] as AddressRecord[],
  addressStatus = 200,
  quoteHeldUntil = Promise.resolve(),
  couponHeldUntil = Promise.resolve(),
  soldOut = [] as number[],
  prices = {} as Record<number, number>,
  consents = [] as AccountConsent[],
} = {}) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/addresses') {
      return addressStatus === 200
        ? json({ data: addresses })
        : json({ message: 'Database unavailable' }, addressStatus);
    }
    // The catalogue as it is now, which checkout checks the cart's lines against on arrival.
    const productId = /^\/api\/products\/(\d+)$/.exec(url.pathname)?.[1];
    const product = [hamper, thali].find((line) => line.id === Number(productId));
    if (product) {
      const sold = soldOut.includes(product.id);
      return json({
        product: testProduct(product.id, {
          name: product.name,
          price: prices[product.id] ?? product.price,
          ...(product.category ? { category: product.category } : {}),
          inStock: !sold && product.inStock !== false,
          allowPreOrder: !sold && product.allowPreOrder === true,
          stock: sold || product.inStock === false ? 0 : 10,
        }),
      });
    }
    if (url.pathname === '/api/pincodes/check/999999') return json(INVALID_PINCODE_DELIVERY);
    if (url.pathname.startsWith('/api/pincodes/check/')) return json(bengaluru);
    if (url.pathname === '/api/pincodes/delivery-dates/560001') return json(bengaluruDates);
    if (url.pathname === '/api/pincodes/delivery-dates/110001') return json(delhiDates);
    if (url.pathname === '/api/coupons/validate') {
      await couponHeldUntil;
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code.toUpperCase() === 'DIWALI100'
        ? json({ code: 'DIWALI100', summary: '₹100 off', discount: 100 })
        : json({ message: 'This coupon code is not valid' }, 409);
    }
    // Decision 0062: what the shopper chose before; by default they never chose.
    if (url.pathname === '/api/notifications/consents') return json({ consents });
    if (url.pathname === '/api/notifications/checkout-cart' && init?.method === 'PUT') {
      const { lines } = JSON.parse(String(init.body)) as { lines: unknown[] };
      return json({ recorded: lines.length });
    }
    if (url.pathname === '/api/shipping/calculate') {
      await quoteHeldUntil;
      const { items } = JSON.parse(String(init?.body)) as { items: { product: number; quantity: number }[] };
      const prices = new Map([
        [21, 450],
        [22, 799],
      ]);
      const subtotal = items.reduce((sum, item) => sum + (prices.get(item.product) ?? 0) * item.quantity, 0);
      const fee = subtotal >= 1000 ? 0 : 50;
      return json({
        subtotal,
        shippingFee: fee,
        total: subtotal + fee,
        freeShipping: fee === 0,
        shippingReason: fee === 0 ? 'Free shipping for orders ≥ ₹1,000' : '₹50 shipping charge',
      });
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function PaymentProbe() {
  const location = useLocation();
  return <pre data-testid="payment-state">{JSON.stringify(location.state)}</pre>;
}

function renderCheckout(user: User | null, state: unknown = null) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const api: AuthApi = {
    me: async () => {
      if (!user) throw new Error('no session');
      return user;
    },
    login: async () => ({ user: meera, token: 'token-2' }),
    register: async () => ({ user: meera, token: 'token-2' }),
    logout: async () => {},
  };
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/payment', element: <PaymentProbe /> },
      { path: '/products', element: <p>Products page</p> },
    ],
    { initialEntries: [{ pathname: '/checkout', state }] },
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

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.dataLayer = [];
  resetCartStoreForTests();
  resetLocationForTests();
});

afterEach(() => {
  cleanup();
  resetCartStoreForTests();
  resetLocationForTests();
  vi.unstubAllGlobals();
});

describe('Checkout page (SPEC 2)', () => {
  it('sends a shopper with an empty cart back to the products', async () => {
    serveApi();
    renderCheckout(meera);
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/products');
  });

  it('asks a guest to log in once, with the cart beside the request', async () => {
    const user = userEvent.setup();
    serveApi();
    getCartStore().addItem(hamper, 2);
    renderCheckout(null);

    const popup = await screen.findByRole('dialog', { name: 'Continue with mobile number' });
    expect(screen.getByRole('heading', { name: 'Please login to continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary.textContent).toContain('(2 items)');
    expect(summary.textContent).toContain('Diwali Dry Fruit Hamper');

    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // A cart change re-renders the page; the popup stays closed.
    act(() => getCartStore().addItem(hamper));
    await waitFor(() => expect(summary.textContent).toContain('(3 items)'));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The page's own Sign Up button opens it again, in signup mode.
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Quick Signup' })).toBeTruthy();
  });

  it('greets by name, preselects the default address and hands the order to payment', async () => {
    const user = userEvent.setup();
    serveApi({
      addresses: [savedAddress(1), savedAddress(2, { full_name: 'Meera Nair', is_default: true })],
    });
    getCartStore().addItem(hamper, 2);
    getCartStore().addItem(thali);
    const router = renderCheckout(meera);

    expect(await screen.findByText('Welcome back, Meera Nair')).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Select an address:' });
    const chosen = within(group).getByRole('radio', { name: /Meera Nair/ }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect((within(group).getByRole('radio', { name: /Person 1/ }) as HTMLInputElement).checked).toBe(false);

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    // SPEC 2: the Pre-Order badge, price x quantity, line totals.
    const thaliLine = within(summary).getByText('Silver Pooja Thali').closest('li') as HTMLElement;
    expect(thaliLine.textContent).toContain('₹799 x 1');
    expect(thaliLine.textContent).toContain('Pre-Order');
    const hamperLine = within(summary).getByText('Diwali Dry Fruit Hamper').closest('li') as HTMLElement;
    expect(hamperLine.textContent).toContain('₹450 x 2');
    expect(hamperLine.textContent).toContain('₹900');
    expect(hamperLine.textContent).not.toContain('Pre-Order');
    await waitFor(() => expect(summary.textContent).toContain('ShippingFree'));
    expect(summary.textContent).toContain('Total₹1,699');
    // SPEC 2 and 9: days to city with Express, and the checkout's pre-order window.
    await waitFor(() =>
      expect(summary.textContent).toContain('In-stock items: 1 Day to Bengaluru (Express)'),
    );
    expect(summary.textContent).toContain('Pre-order items: 15-20 days to Bengaluru');
    expect(within(summary).getByRole('heading', { name: 'Expected Delivery' })).toBeTruthy();
    expect(summary.textContent).toContain('Secure Checkout');
    expect(summary.textContent).toContain('Free Shipping');

    // The shopper picks the other address, then proceeds.
    await user.click(within(group).getByRole('radio', { name: /Person 1/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.address).toEqual({
      fullName: 'Person 1',
      address: '1, MG Road',
      city: 'Bengaluru',
      // The saved address's State goes with the order.
      state: 'Karnataka',
      postalCode: '560001',
      phone: '9876543210',
    });
    expect(state.orderTotal).toBe(1699);
    expect(state.shippingInfo).toMatchObject({ subtotal: 1699, shippingFee: 0, freeShipping: true });
    expect(state.items).toEqual([
      expect.objectContaining({ id: 21, quantity: 2, inStock: true, allowPreOrder: false, minQuantity: 1 }),
      expect.objectContaining({ id: 22, quantity: 1, inStock: false, allowPreOrder: true, minQuantity: 1 }),
    ]);
  });

  it('greets an account made on this visit "Welcome", keeping "Welcome back" for a returning shopper (decision 0069)', async () => {
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper);
    renderCheckout({ ...meera, returning: false });
    expect(await screen.findByText('Welcome, Meera Nair')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it("checks out Buy Now's one line alone, says so, and keeps the cart (decision 0069)", async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(thali);
    const buyNow = { ...toCartItem(hamper, 1), image: 'hamper.jpg' };
    const router = renderCheckout(meera, buyNowState(buyNow));

    const notice = await screen.findByText('Buying only this item. Your cart is kept.', { exact: false });
    expect(notice.textContent).toBe(
      'Buying only this item. Your cart is kept. Check out the whole cart instead',
    );
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(summary.textContent).toContain('(1 item)');
    expect(summary.textContent).toContain('Diwali Dry Fruit Hamper');
    expect(summary.textContent).not.toContain('Silver Pooja Thali');
    // ₹450 and the ₹50 shipping of ₹450 alone, not of the cart's ₹1,249.
    await waitFor(() => expect(summary.textContent).toContain('Total₹500'));

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state).toMatchObject({ orderTotal: 500, buyNow: true });
    expect(state.items.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([
      [21, 1],
    ]);
    expect(
      getCartStore()
        .getState()
        .items.map((line) => [line.id, line.quantity]),
    ).toEqual([[22, 1]]);
  });

  it('collects a gift message with a live count and hidden prices, and hands them to payment', async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 2);
    const router = renderCheckout(meera);

    await user.click(await screen.findByRole('checkbox', { name: 'This is a gift' }));
    const message = screen.getByRole('textbox', { name: 'Gift message' });
    await user.click(message);
    await user.paste('a'.repeat(251));
    expect(screen.getByText('251/250 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Your gift message must be at most 250 characters')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');

    await user.clear(message);
    await user.paste('  Happy Diwali, Meera! With love, Asha  ');
    expect(screen.getByText('36/250 characters')).toBeTruthy();
    expect(screen.queryByText('Your gift message must be at most 250 characters')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Hide prices on the packing slip' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.giftOptions).toEqual({
      message: 'Happy Diwali, Meera! With love, Asha',
      hidePrices: true,
      recipientEmail: null,
    });
  });

  // Decision 0069: a gift's buyer keeps their own news; the recipient's number is a separate, optional one.
  it("keeps a gift buyer's WhatsApp on their verified mobile and takes the recipient's own number apart", async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 1);
    const router = renderCheckout({ ...meera, phone: '9123456789' });

    await user.click(await screen.findByRole('checkbox', { name: 'This is a gift' }));
    await user.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    expect(screen.getByText('WhatsApp and SMS go to your verified mobile, 9123456789.')).toBeTruthy();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Tell the recipient on WhatsApp when it is on its way and delivered (no prices)',
      }),
    );
    const recipient = screen.getByRole('textbox', { name: "Recipient's mobile (optional)" });
    expect(recipient.getAttribute('placeholder')).toBeNull();
    expect((recipient as HTMLInputElement).value).toBe('');
    await user.type(recipient, '98450 12345');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.notify).toEqual({
      whatsapp: true,
      sms: false,
      email: true,
      phone: '9123456789',
      giftRecipient: true,
      giftRecipientPhone: '9845012345',
    });
  });

  it("hands the order updates the shopper ticked, with the account's verified mobile, to payment", async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 1);
    const router = renderCheckout({ ...meera, phone: '9123456789' });

    // Decision 0062: WhatsApp is never ticked for a shopper who has not chosen it; e-mail is.
    expect(await screen.findByRole('checkbox', { name: 'WhatsApp' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'E-mail' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'SMS' })).toHaveProperty('checked', false);
    // Offers are a separate choice, unticked, naming the store and the channel.
    const offer = screen.getByRole('checkbox', {
      name: 'Send me offers and reminders from Utsav Gifts on WhatsApp',
    });
    expect(offer).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    await user.click(screen.getByRole('checkbox', { name: 'SMS' }));
    await user.click(offer);
    // Decision 0054: no number is typed here; messages go to the verified mobile only.
    expect(screen.queryByRole('textbox', { name: /mobile/i })).toBeNull();
    expect(screen.getByText('WhatsApp and SMS go to your verified mobile, 9123456789.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.notify).toEqual({
      whatsapp: true,
      sms: true,
      email: true,
      phone: '9123456789',
      giftRecipient: false,
    });
    expect(state.marketing).toEqual({ whatsapp: true, sms: false, email: false });
  });

  it('ticks WhatsApp for a shopper who chose it before, and does not offer again the offers they get', async () => {
    const user = userEvent.setup();
    const at = '2026-11-01T10:00:00.000Z';
    serveApi({
      addresses: [savedAddress(1, { is_default: true })],
      consents: [
        { purpose: 'order_updates', channel: 'whatsapp', given: true, at, wording: '' },
        { purpose: 'order_updates', channel: 'email', given: false, at, wording: '' },
        { purpose: 'marketing', channel: 'whatsapp', given: true, at, wording: '' },
      ],
    });
    getCartStore().addItem(hamper, 1);
    const router = renderCheckout({ ...meera, phone: '9123456789' });

    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).toHaveProperty('checked', true),
    );
    expect(screen.getByRole('checkbox', { name: 'E-mail' })).toHaveProperty('checked', false);
    expect(
      screen.queryByRole('checkbox', { name: /offers and reminders from Utsav Gifts on WhatsApp/ }),
    ).toBeNull();
    expect(
      screen.getByRole('checkbox', { name: /offers and reminders from Utsav Gifts on SMS/ }),
    ).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.notify).toMatchObject({ whatsapp: true, sms: false, email: false });
    expect(state.marketing).toBeUndefined();
  });

  it('says an account without a verified mobile gets no WhatsApp or SMS, and sends no number', async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 1);
    const router = renderCheckout(meera);

    expect(await screen.findByRole('checkbox', { name: 'WhatsApp' })).toHaveProperty('checked', false);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    expect(
      screen.getByText(
        'WhatsApp and SMS go only to a verified mobile: verify yours on My Orders. Until then we send none.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.notify.phone).toBeUndefined();
  });

  it('offers no e-mail updates to an account made with a mobile number alone, and sends none', async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 1);
    const router = renderCheckout({ ...meera, email: '', phone: '9876543210' });

    expect(await screen.findByRole('checkbox', { name: 'WhatsApp' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    expect(screen.queryByRole('checkbox', { name: 'E-mail' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.notify).toMatchObject({ whatsapp: true, sms: false, email: false });
  });

  it("checks the recipient's e-mail before payment and sends it in lower case", async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 2);
    const router = renderCheckout(meera);

    await user.click(await screen.findByRole('checkbox', { name: 'This is a gift' }));
    const email = screen.getByRole('textbox', { name: "Recipient's e-mail (optional)" });
    await user.type(email, 'meera@');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(
      await screen.findByText("Please enter a valid email address for the gift's recipient"),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');

    await user.type(email, 'Example.com');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.giftOptions).toEqual({
      message: null,
      hidePrices: false,
      recipientEmail: 'meera@example.com',
    });
  });

  it('sends no gift options when the box is left unticked', async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 2);
    const router = renderCheckout(meera);

    expect(await screen.findByRole('checkbox', { name: 'This is a gift' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Gift message' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state).not.toHaveProperty('giftOptions');
  });

  it("says 'Calculating...' for shipping and total until the server's quote arrives", async () => {
    let releaseQuote: () => void = () => {};
    serveApi({
      addresses: [savedAddress(1, { is_default: true })],
      quoteHeldUntil: new Promise<void>((resolve) => {
        releaseQuote = resolve;
      }),
    });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary.textContent).toContain('ShippingCalculating...'));
    expect(summary.textContent).toContain('TotalCalculating...');
    act(() => releaseQuote());
    await waitFor(() => expect(summary.textContent).toContain('Shipping₹50'));
    expect(summary.textContent).toContain('Total₹500');
  });

  it('shows no Free Shipping badge beside a ₹50 shipping charge, and says when the order arrives', async () => {
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary.textContent).toContain('Shipping₹50'));
    expect(summary.textContent).toContain('₹50 shipping charge');
    expect(summary.textContent).toContain('Secure Checkout');
    expect(summary.textContent).not.toContain('Free Shipping');
    await waitFor(() => expect(summary.textContent).toContain('Arrives tomorrow.'));
    expect(screen.getByRole('region', { name: 'Delivery date' })).toBeTruthy();
  });

  it('marks a saved address it cannot deliver to, holds Proceed to Payment with the reason, and edits it in place', async () => {
    const user = userEvent.setup();
    serveApi({
      addresses: [savedAddress(5, { full_name: 'Meera Nair', is_default: true, postal_code: '999999' })],
    });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    const group = await screen.findByRole('group', { name: 'Select an address:' });
    expect(await within(group).findByText('Not deliverable to 999999')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Not deliverable to 999999Please enter a valid delivery pincode. Edit the address or choose another to continue.',
    );

    // No delivery day is offered for it, nor the "you can still place the order" of a failed lookup.
    expect(screen.queryByRole('region', { name: 'Delivery date' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    expect((within(dialog).getByLabelText('Postal Code') as HTMLInputElement).value).toBe('999999');
  });

  it('stops at a line sold out since it was added, and says what changed in price (the sticky bar skips the cart)', async () => {
    serveApi({ addresses: [savedAddress(1, { is_default: true })], soldOut: [21], prices: { 22: 849 } });
    getCartStore().addItem(hamper, 2);
    getCartStore().addItem(thali);
    renderCheckout(meera);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Now out of stock: Diwali Dry Fruit Hamper. Remove out-of-stock items to continue to checkout. Review your cart',
    );
    expect(within(alert).getByRole('link', { name: 'Review your cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('status').textContent).toBe(
      'Silver Pooja Thali: Price updated: was ₹799, now ₹849.',
    );
    const proceed = (await screen.findByRole('button', { name: 'Proceed to Payment' })) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    expect(proceed.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(proceed.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Remove out-of-stock items to continue to checkout.',
    );
  });

  it('edits a saved address through the modal', async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(4, { full_name: 'Meera Nair', is_default: true })] });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    await user.click(await screen.findByRole('button', { name: /^Edit address of Meera Nair/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Address' });
    expect((within(dialog).getByLabelText('Full Name') as HTMLInputElement).value).toBe('Meera Nair');
    expect((within(dialog).getByLabelText('Postal Code') as HTMLInputElement).value).toBe('560001');
    expect(within(dialog).getByRole('button', { name: 'Update Address' })).toBeTruthy();
  });

  it('holds the submit back until there is an address, and opens the add form when none is saved', async () => {
    serveApi({ addresses: [] });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    expect(await screen.findByRole('dialog', { name: 'Add New Address' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Select Address to Continue' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(
      screen.getByText('Please select or add a delivery address before proceeding to payment.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain(
      'Add or select a delivery address',
    );
  });

  it('treats a saved address that breaks the rules as incomplete', async () => {
    serveApi({ addresses: [savedAddress(3, { is_default: true, phone: '12345' })] });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    const group = await screen.findByRole('group', { name: 'Select an address:' });
    expect((within(group).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Select Address to Continue' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when the saved addresses cannot be loaded and opens the add form', async () => {
    serveApi({ addressStatus: 503 });
    getCartStore().addItem(hamper);
    renderCheckout(meera);

    // The addresses are asked for twice (one retry, a second apart) before the page gives up.
    expect(await screen.findByRole('dialog', { name: 'Add New Address' }, { timeout: 5000 })).toBeTruthy();
    const alert = await screen.findByText(/^Error loading saved addresses/);
    expect(alert.textContent).toBe('Error loading saved addresses. Database unavailable');
  });

  it.each([
    ['the name', { name: 'Kiran', fullName: 'Kiran' }, 'Kiran'],
    ['the e-mail before the @ without a name', { name: ' ', fullName: '' }, 'meera.nair'],
    ['the username without a name or e-mail', { name: '', fullName: '', email: '' }, 'meera42'],
    ['User without any of them', { name: '', fullName: '', email: '', username: '' }, 'User'],
  ])('welcomes back with %s', async (_case, overrides, expected) => {
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper);
    renderCheckout({ ...meera, ...overrides });
    expect(await screen.findByText(`Welcome back, ${expected}`)).toBeTruthy();
  });

  it("records a signed-in shopper's cart for a reminder, again when it changes, without personalisation", async () => {
    const fetchMock = serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    const recordings = () =>
      fetchMock.mock.calls
        .filter(
          ([input, init]) =>
            String(input).endsWith('/api/notifications/checkout-cart') && init?.method === 'PUT',
        )
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    getCartStore().addItem(hamper, 2);
    getCartStore().addItem({ ...thali, inStock: true }, 1, { text: { Name: 'Asha' }, photo: null });
    renderCheckout(meera);
    await screen.findByRole('group', { name: 'Select an address:' });
    await waitFor(() => expect(recordings()).toEqual([{ lines: [{ productId: 21, quantity: 2 }] }]));

    act(() => getCartStore().addItem(hamper));
    await waitFor(() =>
      expect(recordings()).toEqual([
        { lines: [{ productId: 21, quantity: 2 }] },
        { lines: [{ productId: 21, quantity: 3 }] },
      ]),
    );
  });

  it('records nothing for a guest', async () => {
    const fetchMock = serveApi();
    getCartStore().addItem(hamper, 2);
    renderCheckout(null);
    await screen.findByRole('dialog', { name: 'Continue with mobile number' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('checkout-cart'))).toBe(false);
  });

  it('sends begin_checkout once, in INR', async () => {
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 2);
    renderCheckout(meera);
    await screen.findByRole('group', { name: 'Select an address:' });
    act(() => getCartStore().addItem(hamper));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain('(3 items)'),
    );
    const events = (window.dataLayer ?? []).filter(
      (entry): entry is { event: string; ecommerce: { currency: string; value: number } } =>
        typeof entry === 'object' && entry !== null && 'event' in entry && entry.event === 'begin_checkout',
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.ecommerce).toMatchObject({ currency: 'INR', value: 900 });
  });

  it('applies a coupon the server accepts, says why it refuses another, and hands the code to payment', async () => {
    const user = userEvent.setup();
    serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper, 2);
    getCartStore().addItem(thali);
    const router = renderCheckout(meera);
    await screen.findByRole('group', { name: 'Select an address:' });
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    await waitFor(() => expect(summary.textContent).toContain('Total₹1,699'));
    // Decision 0068: the summary, then the coupon, then the button that pays (not a coupon below it).
    const proceed = screen.getByRole('button', { name: 'Proceed to Payment' });
    expect(summary.compareDocumentPosition(screen.getByLabelText('Coupon code'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByLabelText('Coupon code').compareDocumentPosition(proceed)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await user.type(screen.getByLabelText('Coupon code'), 'nosuch');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('NOSUCH: This coupon code is not valid');
    expect(summary.textContent).toContain('Total₹1,699');

    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'diwali100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(document.body.textContent).toContain('DIWALI100 applied: you save ₹100'));
    await waitFor(() => expect(summary.textContent).toContain('Coupon DIWALI100-₹100'));
    expect(summary.textContent).toContain('Total₹1,599');

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state).toMatchObject({ orderTotal: 1599, couponCode: 'DIWALI100', discount: 100 });
  });

  it('holds the way to payment while a coupon is being checked, so a discount is never left out', async () => {
    const user = userEvent.setup();
    let answerCoupon = () => {};
    serveApi({
      addresses: [savedAddress(1, { is_default: true })],
      couponHeldUntil: new Promise<void>((resolve) => {
        answerCoupon = resolve;
      }),
    });
    getCartStore().addItem(hamper, 2);
    getCartStore().addItem(thali);
    renderCheckout(meera);
    await screen.findByRole('group', { name: 'Select an address:' });
    const proceed = screen.getByRole('button', { name: 'Proceed to Payment' });
    await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(false));

    await user.type(screen.getByLabelText('Coupon code'), 'diwali100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect((proceed as HTMLButtonElement).disabled).toBe(true));
    answerCoupon();
    await waitFor(() => expect(document.body.textContent).toContain('DIWALI100 applied: you save ₹100'));
    expect((proceed as HTMLButtonElement).disabled).toBe(false);
  });

  it('adds the midnight fee as its own line and to the total, drops the choice on another address, and hands it to payment', async () => {
    const user = userEvent.setup();
    serveApi({
      addresses: [
        savedAddress(1, { full_name: 'Meera Nair', is_default: true }),
        savedAddress(2, { full_name: 'Kabir Delhi', city: 'New Delhi', postal_code: '110001' }),
      ],
    });
    getCartStore().addItem(hamper, 2);
    const router = renderCheckout(meera);

    const section = await screen.findByRole('region', { name: 'Delivery date' });
    await user.click(await within(section).findByRole('radio', { name: 'Today, 23 Nov' }));
    await user.click(
      within(section).getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }),
    );
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    // ₹50 shipping under ₹1,000 and the ₹199 slot on a line of its own (decision 0072).
    await waitFor(() => expect(summary.textContent).toContain('Midnight delivery₹199'));
    expect(summary.textContent).toContain('Shipping₹50');
    expect(summary.textContent).toContain('Total₹1,149');
    // The Expected Delivery box names the chosen day and slot, not the pincode's estimate.
    expect(summary.textContent).toContain(
      'Expected DeliveryMon, 23 Nov · Midnight delivery (11 PM - 11:59 PM)',
    );

    // Delhi has neither same-day nor midnight: the choice goes, and so does the fee.
    const addresses = screen.getByRole('group', { name: 'Select an address:' });
    await user.click(within(addresses).getByRole('radio', { name: /Kabir Delhi/ }));
    expect(await within(section).findByRole('radio', { name: 'Thu, 26 Nov' })).toBeTruthy();
    expect(within(section).getByRole('radio', { name: 'Earliest available' })).toHaveProperty(
      'checked',
      true,
    );
    await waitFor(() => expect(summary.textContent).toContain('Shipping₹50'));
    expect(summary.textContent).toContain('Total₹950');
    expect(summary.textContent).not.toContain('Midnight delivery');

    await user.click(within(addresses).getByRole('radio', { name: /Meera Nair/ }));
    await user.click(await within(section).findByRole('radio', { name: 'Tomorrow, 24 Nov' }));
    await user.click(
      within(section).getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }),
    );
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const state = JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null');
    expect(state.delivery).toEqual({ date: '2026-11-24', slot: 'midnight', fee: 199 });
    expect(state.orderTotal).toBe(1149);
  });

  it('offers no delivery day when the cart has a pre-order line, and sends none', async () => {
    const user = userEvent.setup();
    const fetchMock = serveApi({ addresses: [savedAddress(1, { is_default: true })] });
    getCartStore().addItem(hamper);
    getCartStore().addItem(thali);
    const router = renderCheckout(meera);

    const section = await screen.findByRole('region', { name: 'Delivery date' });
    expect(section.textContent).toContain('Your order has pre-order items, delivered in 15-20 days');
    expect(within(section).queryByRole('radio')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(
      JSON.parse((await screen.findByTestId('payment-state')).textContent ?? 'null').delivery,
    ).toBeUndefined();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(asked.some((path) => path.startsWith('/api/pincodes/delivery-dates/'))).toBe(false);
  });
});
