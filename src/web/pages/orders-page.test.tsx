import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { OrderRecord } from '../../shared/api/orders';
import { TOKEN_STORAGE_KEY } from '../api/client';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { BANGALORE_DELIVERY } from '../testing/delivery-fixtures';
import { OrderConfirmationPage } from './order-confirmation-page';
import { OrdersPage } from './orders-page';

const sana: User = {
  id: 9,
  userId: 9,
  name: 'Sana Khan',
  fullName: 'Sana Khan',
  email: 'sana@example.com',
  username: 'sana9',
  role: 'customer',
};

const ORDER_ID = '5d2c8a70-7f3e-4a54-8b1f-9a0e6c1d2b31';

const paidOrder: OrderRecord = {
  id: ORDER_ID,
  _id: ORDER_ID,
  orderNumber: 'RG-10431',
  status: 'paid',
  createdAt: '2025-11-12T06:30:00.000Z',
  created_at: '2025-11-12T06:30:00.000Z',
  paidAt: '2025-11-12T06:32:00.000Z',
  items: [
    {
      lineId: 121,
      product: {
        id: 21,
        name: 'Diwali Dry Fruit Hamper',
        image: '',
        inStock: true,
        allowPreOrder: false,
        addOnKind: null,
      },
      quantity: 2,
      price: 450,
      isPreOrder: false,
      returnedQuantity: 0,
      personalisation: null,
    },
    {
      lineId: 122,
      product: {
        id: 22,
        name: 'Silver Pooja Thali',
        image: '',
        inStock: false,
        allowPreOrder: true,
        addOnKind: null,
      },
      quantity: 1,
      price: 799,
      isPreOrder: true,
      returnedQuantity: 0,
      personalisation: null,
    },
  ],
  subtotal: 1699,
  quantityDiscounts: [],
  discount: 0,
  couponCode: null,
  shippingCost: 0,
  fees: [{ kind: 'shipping', label: 'Shipping', amount: 0 }],
  totalAmount: 1699,
  total: 1699,
  currency: 'INR',
  shippingAddress: {
    fullName: 'Sana Khan',
    address: '4, Linking Road',
    city: 'Mumbai',
    postalCode: '400050',
    phone: '9812345678',
  },
  addressEditable: false,
  events: [
    { status: 'pending', note: 'Order placed', createdAt: '2025-11-12T06:30:00.000Z' },
    { status: 'paid', note: 'Payment received', createdAt: '2025-11-12T06:32:00.000Z' },
  ],
  deliveryEstimate: {
    days: '10-15 Days',
    message: 'Pre-order delivery',
    type: 'standard',
    fastDelivery: false,
    city: 'Mumbai',
    isPreOrder: true,
  },
  invoiceNumber: 'UG/25-26/000031',
  returnableUntil: null,
  deliveredAt: null,
  returns: [],
  gift: null,
  delivery: null,
  isQuote: false,
  payableUntil: null,
  cashOnDelivery: null,
  awaitingCodYes: false,
};

const shippedOrder: OrderRecord = {
  ...paidOrder,
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  _id: 'a1b2c3d4-0000-4000-8000-000000000001',
  orderNumber: 'RG-10400',
  status: 'shipped',
  items: [paidOrder.items[0]!],
  subtotal: 900,
  quantityDiscounts: [],
  shippingCost: 50,
  fees: [{ kind: 'shipping', label: 'Shipping', amount: 50 }],
  totalAmount: 950,
  total: 950,
  deliveryEstimate: { ...paidOrder.deliveryEstimate!, days: '2-4 Days', isPreOrder: false },
  gift: { message: 'Happy Diwali, Meera!\nWith love, Sana', hidePrices: true, recipientEmail: null },
};

function serveOrders(orders: OrderRecord[]) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/orders/my-orders') return json({ data: orders });
      const match = /^\/api\/orders\/([^/]+)$/.exec(url.pathname);
      const order = orders.find((candidate) => candidate.id === match?.[1]);
      return order ? json(order) : json({ message: 'Order not found' }, 404);
    }),
  );
}

function renderAt(
  path: string,
  { user = sana as User | null, state, me }: { user?: User | null; state?: unknown; me?: AuthApi['me'] } = {},
) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const api: AuthApi = {
    me:
      me ??
      (async () => {
        if (!user) throw new Error('no session');
        return user;
      }),
    login: async () => ({ user: sana, token: 't' }),
    register: async () => ({ user: sana, token: 't' }),
    logout: async () => {},
  };
  const router = createMemoryRouter(
    [
      { path: '/orders', element: <OrdersPage /> },
      { path: '/order-confirmation/:orderId', element: <OrderConfirmationPage /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider api={api}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Orders page (SPEC 2)', () => {
  it('asks a guest to log in', async () => {
    serveOrders([]);
    renderAt('/orders', { user: null });
    expect(await screen.findByRole('heading', { name: 'Please log in to view your orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('invites a shopper without orders to shop', async () => {
    serveOrders([]);
    renderAt('/orders');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/products');
  });

  it('lists each order with its number, date, status, items, total, hint and timeline', async () => {
    const user = userEvent.setup();
    serveOrders([paidOrder, shippedOrder]);
    renderAt('/orders');

    const card = (await screen.findByRole('article', { name: 'Order RG-10400' })) as HTMLElement;
    expect(card.textContent).toContain('Placed on 12 Nov 2025');
    expect(within(card).getByText('Shipped')).toBeTruthy();
    expect(card.textContent).toContain('₹450 x 2');
    expect(card.textContent).toContain('Total₹950');
    expect(card.textContent).toContain('Expected delivery by 16 Nov 2025 to Mumbai');
    // The gift message and the shopper's choice to hide prices on the packing slip.
    expect(within(card).getByRole('blockquote', { name: 'Gift message' }).textContent).toBe(
      'Happy Diwali, Meera!\nWith love, Sana',
    );
    expect(card.textContent).toContain('Prices hidden');

    const preOrder = screen.getByRole('article', { name: 'Order RG-10431' });
    expect(within(preOrder).queryByRole('blockquote', { name: 'Gift message' })).toBeNull();
    expect(preOrder.textContent).toContain('Expected delivery by 2 Dec 2025 (pre-order, 15-20 days)');
    expect(preOrder.textContent).not.toContain('10-15');

    const toggle = within(card).getByRole('button', { name: 'Show status history of order RG-10400' });
    expect(within(card).queryByText('Payment received')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByText('Payment received')).toBeTruthy();
    expect(within(card).getByText('Payment Confirmed')).toBeTruthy();
  });

  it('badges a cash on delivery order still waiting for the YES as such, not "Order Confirmed" (decision 0064)', async () => {
    const waiting: OrderRecord = {
      ...paidOrder,
      status: 'confirmed',
      paidAt: null,
      cashOnDelivery: { fee: 49, toCollect: 999, collected: false },
      awaitingCodYes: true,
    };
    serveOrders([waiting]);
    renderAt('/orders');
    const card = await screen.findByRole('article', { name: `Order ${paidOrder.orderNumber}` });
    expect(within(card).getByText('Waiting for your YES')).toBeTruthy();
    expect(card.textContent).not.toContain('Order Confirmed');
  });
});

describe('My Orders while the orders load (Core Web Vitals CLS)', () => {
  it('holds the room of three order cards, and shows the business details only under the list', async () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    let answerOrders: (orders: OrderRecord[]) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input));
        if (url.pathname === '/api/orders/my-orders') {
          return new Promise<Response>((resolve) => {
            answerOrders = (orders) => resolve(json({ data: orders }));
          });
        }
        if (url.pathname === '/api/auth/business') return json({ gstin: null, legalName: null });
        return json({ message: 'Not found' }, 404);
      }),
    );
    renderAt('/orders');

    // The shopper is known (their mobile number card is there); the orders are not yet.
    await screen.findByRole('region', { name: 'Mobile number' });
    const loading = screen.getByRole('status', { name: 'Loading your orders' });
    expect(loading.children).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Business details for GST invoices' })).toBeNull();

    answerOrders([shippedOrder]);
    expect(await screen.findByRole('article', { name: 'Order RG-10400' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your orders' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Business details for GST invoices' })).toBeTruthy();
  });

  it('holds the same room while the shopper is still being recognised', async () => {
    serveOrders([shippedOrder]);
    renderAt('/orders', { me: () => new Promise<User>(() => {}) });
    expect(await screen.findByRole('heading', { name: 'My Orders', level: 1 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your orders' }).children).toHaveLength(3);
  });
});

describe('Order confirmation page (SPEC 2)', () => {
  it('confirms a paid order with its details and one pre-order notice', async () => {
    serveOrders([paidOrder]);
    renderAt(`/order-confirmation/${ORDER_ID}`, { state: { paymentSuccess: true } });

    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    const page = document.body;
    expect(page.textContent).toContain('RG-10431');
    expect(page.textContent).toContain('12 Nov 2025');
    expect(page.textContent).toContain('Your payment was successful.');
    expect(page.textContent).toContain('₹799 x 1');
    expect(screen.getAllByRole('note')).toHaveLength(1);
    expect(screen.getByRole('note').textContent).toContain('15-20 days');
    expect(page.textContent).not.toContain('10-15');
    const address = screen.getByRole('region', { name: 'Shipping Address' });
    expect(address.textContent).toContain('Phone: 9812345678');
    const status = screen.getByRole('region', { name: 'Order Status' });
    expect(within(status).getAllByText('Payment Confirmed').length).toBeGreaterThan(0);
    expect(status.textContent).toContain('Order placed');
    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
    expect(page.textContent).toContain('sana@example.com');
  });

  it('says when the order cannot be found', async () => {
    serveOrders([]);
    renderAt('/order-confirmation/not-an-order');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(
      screen.getByText("We couldn't find your order. Please check your email for order details."),
    ).toBeTruthy();
  });
});

describe('The chosen delivery day in My Orders', () => {
  // Decision 0068: one promise per order: the chosen day, never an estimate beside it.
  it('names the day and the slot on the order card as its only promise, and nothing on an order without one', async () => {
    serveOrders([
      {
        ...shippedOrder,
        delivery: { date: '2025-11-14', slot: 'midnight', fee: 199 },
        // Quoted same-day Express at 560001, but a later day was chosen.
        deliveryEstimate: BANGALORE_DELIVERY,
      },
      paidOrder,
    ]);
    renderAt('/orders');
    const card = await screen.findByRole('article', { name: 'Order RG-10400' });
    expect(card.textContent).toContain('Delivery on Fri, 14 Nov · Midnight delivery (11 PM - 11:59 PM)');
    expect(card.textContent).not.toContain('Expected delivery');
    expect(card.textContent).not.toContain('Express');
    expect(screen.getByRole('article', { name: 'Order RG-10431' }).textContent).not.toContain('Delivery on');
  });
});

describe('A quote in My Orders', () => {
  it('links a pending quote to its page to pay it, and no other order', async () => {
    serveOrders([
      { ...shippedOrder, status: 'pending', isQuote: true },
      { ...paidOrder, status: 'pending' },
    ]);
    renderAt('/orders');
    const quote = await screen.findByRole('article', { name: 'Order RG-10400' });
    expect(
      within(quote).getByRole('link', { name: 'View and pay quote of order RG-10400' }).getAttribute('href'),
    ).toBe(`/quote/${shippedOrder.id}`);
    const order = screen.getByRole('article', { name: 'Order RG-10431' });
    expect(within(order).queryByRole('link', { name: /quote/ })).toBeNull();
  });
});

describe('Gift options on the order confirmation page', () => {
  it('shows the gift message and that prices are hidden', async () => {
    serveOrders([{ ...shippedOrder, gift: { ...shippedOrder.gift!, recipientEmail: 'meera@example.com' } }]);
    renderAt(`/order-confirmation/${shippedOrder.id}`);
    const message = await screen.findByRole('blockquote', { name: 'Gift message' });
    expect(message.textContent).toBe('Happy Diwali, Meera!\nWith love, Sana');
    expect(screen.getByText('Gift · Prices hidden')).toBeTruthy();
    expect(screen.getByText('Gift e-mail to meera@example.com')).toBeTruthy();
  });
});

/** The orders API with a working cancel route, as the server answers it. */
function serveCancellable(order: OrderRecord) {
  let current = order;
  const cancelCalls: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/orders/my-orders') return json({ data: [current] });
      if (url.pathname === `/api/orders/${current.id}/cancel` && init?.method === 'POST') {
        cancelCalls.push(current.id);
        current = { ...current, status: 'cancelled', payableUntil: null };
        return json(current);
      }
      if (url.pathname === `/api/orders/${current.id}`) return json(current);
      return json({ message: 'Order not found' }, 404);
    }),
  );
  return cancelCalls;
}

describe('An order left waiting for payment (no dead end)', () => {
  const inFifteenMinutes = () => new Date(Date.now() + 15 * 60 * 1000).toISOString();
  const waiting = (): OrderRecord => ({
    ...shippedOrder,
    status: 'pending',
    paidAt: null,
    invoiceNumber: null,
    payableUntil: inFifteenMinutes(),
  });

  it("offers 'Complete payment' (to the payment page of this order) and 'Cancel order' in My Orders", async () => {
    serveCancellable(waiting());
    renderAt('/orders');
    const card = await screen.findByRole('article', { name: 'Order RG-10400' });
    expect(within(card).getByText('Payment Pending')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Complete payment of order RG-10400' }).getAttribute('href'),
    ).toBe(`/payment?order=${shippedOrder.id}`);
    expect(within(card).getByRole('button', { name: 'Cancel order RG-10400' })).toBeTruthy();
  });

  it('offers neither once the order has expired, or for a paid order', async () => {
    serveOrders([
      { ...waiting(), payableUntil: new Date(Date.now() - 1000).toISOString() },
      { ...paidOrder, payableUntil: null },
    ]);
    renderAt('/orders');
    await screen.findByRole('article', { name: 'Order RG-10400' });
    expect(screen.queryByRole('link', { name: /Complete payment/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('cancels from the confirmation page only after the confirmation in the app dialog', async () => {
    const user = userEvent.setup();
    const nativeConfirm = vi.fn(() => true);
    vi.stubGlobal('confirm', nativeConfirm);
    const cancelCalls = serveCancellable(waiting());
    renderAt(`/order-confirmation/${shippedOrder.id}`);
    expect(await screen.findByRole('heading', { name: 'Awaiting Payment' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel order RG-10400' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order RG-10400?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order RG-10400' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order RG-10400?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Order Cancelled' })).toBeTruthy();
    expect(cancelCalls).toEqual([shippedOrder.id]);
    expect(screen.queryByRole('link', { name: /Complete payment/ })).toBeNull();
    expect(nativeConfirm).not.toHaveBeenCalled();
  });
});

describe('A cash on delivery order the courier does not have yet (decision 0042)', () => {
  const codOrder = (status: string): OrderRecord => ({
    ...shippedOrder,
    status,
    paidAt: null,
    invoiceNumber: null,
    payableUntil: null,
    cashOnDelivery: { fee: 49, toCollect: 999, collected: false },
  });

  it("offers 'Cancel order' behind the app's dialog, and cancels on the second yes", async () => {
    const user = userEvent.setup();
    const cancelCalls = serveCancellable(codOrder('packed'));
    renderAt(`/order-confirmation/${shippedOrder.id}`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel order RG-10400' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order RG-10400?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancelCalls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order RG-10400' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel order RG-10400?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Order Cancelled' })).toBeTruthy();
    expect(cancelCalls).toEqual([shippedOrder.id]);
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('offers no cancel once the order has shipped', async () => {
    serveCancellable(codOrder('shipped'));
    renderAt(`/order-confirmation/${shippedOrder.id}`);
    expect(await screen.findByRole('heading', { name: 'Order Shipped' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });
});
