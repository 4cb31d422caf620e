import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { OrderRecord } from '../../shared/api/orders';
import { TOKEN_STORAGE_KEY } from '../api/client';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { testOrder, testReturn } from '../testing/order-fixtures';
import { renderRoutes } from '../testing/render-routes';
import { OrderConfirmationPage } from './order-confirmation-page';

const meera: User = {
  id: 12,
  userId: 12,
  name: 'Meera Iyer',
  fullName: 'Meera Iyer',
  email: 'meera@example.com',
  username: 'meera12',
  role: 'customer',
};
// Signed up with a mobile number alone: /api/auth/me answers an empty e-mail.
const byMobile: User = { ...meera, id: 13, userId: 13, email: '', username: 'user9876543210' };

const ORDER_ID = '0c7e4b1a-2f5d-4c8e-9a6b-3d1f0e2c4b57';

const order = testOrder({
  id: ORDER_ID,
  orderNumber: 'RG-10005',
  events: [
    { status: 'pending', note: 'Order placed', createdAt: '2026-11-20T05:30:00.000Z' },
    { status: 'paid', note: 'Payment received', createdAt: '2026-11-20T05:31:00.000Z' },
  ],
});

const approvedReturn = testReturn({
  status: 'approved',
  refundPaidAt: '2026-11-27T06:00:00.000Z',
  decidedAt: '2026-11-27T06:00:00.000Z',
});

/**
 * The store's /api for one signed-in shopper's order (with no courier shipment); `answerPut`
 * answers a change of its address (decision 0066).
 */
function openOrder(shown: OrderRecord, user: User, answerPut?: (body: unknown) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path === `/api/orders/${ORDER_ID}/address` && init?.method === 'PUT' && answerPut)
        return answerPut(JSON.parse(String(init.body)));
      if (path === `/api/orders/${ORDER_ID}`) return Response.json(shown);
      if (path === '/api/pincodes/delivery-dates/560034') return Response.json(KORAMANGALA_DATES);
      if (path === `/api/orders/${ORDER_ID}/tracking`) return Response.json({ tracking: null });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const api: AuthApi = {
    me: async () => user,
    login: async () => ({ user, token: 't' }),
    register: async () => ({ user, token: 't' }),
    logout: async () => {},
  };
  renderRoutes(
    [{ path: '/order-confirmation/:orderId', element: <OrderConfirmationPage /> }],
    `/order-confirmation/${ORDER_ID}`,
    (routes) => <AuthProvider api={api}>{routes}</AuthProvider>,
  );
}

// Decision 0085: what 560034 offers (standard and midnight, as the server answers on 23 November).
const standardSlot = { slot: 'standard' as const, label: 'Standard delivery (9 AM - 9 PM)', fee: 0 };
const midnightSlot = { slot: 'midnight' as const, label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 };
const KORAMANGALA_DATES = {
  today: '2026-11-23',
  type: 'same_day',
  days: 'Today',
  dates: ['2026-11-23', '2026-11-24'].map((date) => ({ date, slots: [standardSlot, midnightSlot] })),
};

const heading = async () => (await screen.findByRole('heading', { level: 1 })).textContent;
const lineUnder = (title: string) =>
  screen.getByRole('heading', { level: 1, name: title }).nextElementSibling;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the order's own page", () => {
  it("confirms a paid order with SPEC 2's words and the e-mail on its way to the account's address", async () => {
    openOrder(order, meera);
    expect(await heading()).toBe('Order Confirmed!');
    expect(lineUnder('Order Confirmed!')?.textContent).toBe(
      'Thank you for shopping with Utsav Gifts. We are getting your gifts ready.',
    );
    expect(
      screen.getByText('A confirmation e-mail with your order details is on its way to meera@example.com.'),
    ).toBeTruthy();
  });

  it('promises no e-mail to an account that has no e-mail address', async () => {
    openOrder(order, byMobile);
    expect(await heading()).toBe('Order Confirmed!');
    expect(screen.getByText('RG-10005')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/e-mail/i);
  });

  it('says where the order is once it has moved past its confirmation', async () => {
    const cases: [Partial<OrderRecord>, string, string][] = [
      [{ status: 'shipped' }, 'Order Shipped', 'Your gifts have left us and are on their way.'],
      [
        { status: 'out_for_delivery' },
        'Out for Delivery',
        'Your gifts are on their way to the delivery address.',
      ],
      [
        { status: 'delivered' },
        'Order Delivered',
        'Your gifts have been delivered. Thank you for shopping with Utsav Gifts.',
      ],
      [
        { status: 'failed_delivery' },
        'Delivery Failed',
        'We could not deliver this order on the last attempt.',
      ],
      [
        { status: 'returned', returns: [approvedReturn] },
        'Return Accepted',
        'We accepted your return. Its refund is shown under Returns below.',
      ],
      [{ status: 'returned' }, 'Order Returned', 'This order has come back to us.'],
      [
        { status: 'rto_in_transit' },
        'Returning to Us',
        'We could not deliver this order, so the courier is bringing it back to us. We refund what you paid once it is back.',
      ],
      [
        { status: 'rto_initiated', cashOnDelivery: { fee: 49, toCollect: 1747, collected: false } },
        'Returning to Us',
        'We could not deliver this order, so the courier is bringing it back to us. It was cash on delivery: nothing to pay.',
      ],
      [{ status: 'cancelled' }, 'Order Cancelled', 'This order was cancelled.'],
    ];
    for (const [change, title, line] of cases) {
      openOrder({ ...order, ...change }, meera);
      expect(await heading()).toBe(title);
      expect(lineUnder(title)?.textContent).toBe(line);
      expect(document.body.textContent).not.toContain('We are getting your gifts ready.');
      // The confirmation e-mail went out long ago; it is no longer "on its way".
      expect(document.body.textContent).not.toContain('is on its way to');
      cleanup();
    }
  });
});

describe('a cash on delivery order waiting for the customer’s YES (decision 0064)', () => {
  it('says what it waits for, in the heading, the badge and the timeline, and never "Order Confirmed"', async () => {
    openOrder(
      {
        ...order,
        status: 'confirmed',
        paidAt: null,
        cashOnDelivery: { fee: 49, toCollect: 2445, collected: false },
        awaitingCodYes: true,
        events: [
          {
            status: 'confirmed',
            note: 'Order placed with cash on delivery. It is confirmed when you reply YES to the message we sent to your mobile.',
            createdAt: '2026-11-20T05:30:00.000Z',
          },
        ],
      },
      meera,
    );
    expect(await heading()).toBe('Waiting for your YES');
    expect(lineUnder('Waiting for your YES')?.textContent).toBe(
      'Order placed with cash on delivery. It is confirmed when you reply YES to the message we sent to your mobile.',
    );
    const status = screen.getByRole('region', { name: 'Order Status' });
    expect(within(status).getByText('Waiting for your YES')).toBeTruthy();
    expect(within(status).getByText('Order Placed')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Order Confirmed/i);
  });
});

describe("the order's address, changed before the courier has it (decision 0066)", () => {
  const mumbai = {
    fullName: 'Meera Iyer',
    address: '4 Marine Drive, Churchgate',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400001',
    phone: '9820012345',
  };

  it('changes the address and phone from the order page and shows the new address and its timeline line', async () => {
    let current: OrderRecord = { ...order, addressEditable: true };
    const sent: unknown[] = [];
    openOrder(current, meera, (body) => {
      sent.push(body);
      current = {
        ...current,
        shippingAddress: mumbai,
        events: [
          ...current.events,
          {
            status: 'paid',
            note: 'Delivery address changed by the customer to Mumbai 400001, phone 9820012345',
            createdAt: '2026-11-20T06:00:00.000Z',
          },
        ],
      };
      // The page asks for the order again after the change.
      vi.mocked(fetch).mockImplementation(async (input) =>
        new URL(String(input)).pathname === `/api/orders/${ORDER_ID}`
          ? Response.json(current)
          : Response.json({ tracking: null }),
      );
      return Response.json(current);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change address or phone' }));
    // The form loads on first use: the wait is for its module.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Change the delivery address' },
      { timeout: 5000 },
    );
    const field = (name: string) => within(dialog).getByLabelText(name);
    for (const [name, value] of [
      ['Address', mumbai.address],
      ['City', mumbai.city],
      ['Postal Code', mumbai.postalCode],
      ['Phone Number', mumbai.phone],
    ] as const) {
      await user.clear(field(name));
      await user.type(field(name), value);
    }
    await user.selectOptions(field('State'), 'Maharashtra');
    await user.click(within(dialog).getByRole('button', { name: 'Save new address' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Delivery address changed. The change is on the order’s timeline.',
    );
    expect(sent).toEqual([{ address: mumbai }]);
    expect(await screen.findByText(/4 Marine Drive, Churchgate/)).toBeTruthy();
    expect(
      screen.getByText('Delivery address changed by the customer to Mumbai 400001, phone 9820012345'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the form open with the server's refusal, in the product page's words", async () => {
    openOrder({ ...order, addressEditable: true }, meera, () =>
      Response.json(
        { message: "Not deliverable to 999999. Sorry, we don't deliver to this pincode yet" },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change address or phone' }));
    // The form loads on first use: the wait is for its module.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Change the delivery address' },
      { timeout: 5000 },
    );
    await user.clear(within(dialog).getByLabelText('Postal Code'));
    await user.type(within(dialog).getByLabelText('Postal Code'), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Save new address' }));
    expect(
      await within(dialog).findByText(
        "The address was not changed: Not deliverable to 999999. Sorry, we don't deliver to this pincode yet",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers no change once the order is booked with the courier', async () => {
    openOrder({ ...order, addressEditable: false }, meera);
    expect(await heading()).toBe('Order Confirmed!');
    expect(screen.queryByRole('button', { name: 'Change address or phone' })).toBeNull();
  });
});

describe('a new address whose delivery costs more, paid by the shopper (decision 0085)', () => {
  const koramangala = {
    ...order.shippingAddress,
    address: '80 Feet Road, Koramangala',
    postalCode: '560034',
  };

  it("offers the new pincode's dates from the order's own, sends the midnight slot chosen and shows the ₹199 to pay", async () => {
    let current: OrderRecord = {
      ...order,
      addressEditable: true,
      delivery: { date: '2026-11-24', slot: 'standard', fee: 0 },
    };
    const sent: unknown[] = [];
    openOrder(current, meera, (body) => {
      sent.push(body);
      current = {
        ...current,
        pendingAddressChange: {
          address: koramangala,
          delivery: { date: '2026-11-24', slot: 'midnight' },
          difference: 199,
          providerOrderId: 'order_edit0000000001',
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
          requestedBy: 'customer',
        },
      };
      // The page asks for the order again after the change.
      vi.mocked(fetch).mockImplementation(async (input) =>
        new URL(String(input)).pathname === `/api/orders/${ORDER_ID}`
          ? Response.json(current)
          : Response.json({ tracking: null }),
      );
      return Response.json(current, { status: 202 });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change address or phone' }));
    // The form loads on first use: the wait is for its module.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Change the delivery address' },
      { timeout: 5000 },
    );
    for (const [name, value] of [
      ['Address', koramangala.address],
      ['Postal Code', koramangala.postalCode],
    ] as const) {
      await user.clear(within(dialog).getByLabelText(name));
      await user.type(within(dialog).getByLabelText(name), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Next: delivery date' }));

    const step = await screen.findByRole('region', { name: 'Delivery at the new address' });
    // The order's standard delivery on 24 November is still offered at 560034, so it stays chosen.
    const standard = await within(step).findByRole('radio', { name: 'Standard delivery (9 AM - 9 PM)' });
    expect(standard).toHaveProperty('checked', true);
    await user.click(
      within(step).getByRole('radio', { name: 'Midnight delivery (11 PM - 11:59 PM) · ₹199 extra' }),
    );
    await user.click(within(step).getByRole('button', { name: 'Save new address' }));

    expect(sent).toMatchObject([
      { address: koramangala, delivery: { date: '2026-11-24', slot: 'midnight' } },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your new address costs more for delivery: pay the difference below to make the change.',
    );
    const held = await screen.findByRole(
      'region',
      { name: 'Your change of address waits for payment' },
      { timeout: 5000 },
    );
    expect(held.textContent).toContain('That costs ₹199 more than you paid for delivery.');
    expect(within(held).getByRole('button', { name: 'Pay ₹199' })).toBeTruthy();
    // Nothing of the order moved: it still goes to the old address.
    expect(screen.getByText(order.shippingAddress.address)).toBeTruthy();
  });
});

describe('a gift link that expired unanswered (decision 0081)', () => {
  it('lets its sender give the address themselves, with the deliveries they allowed', async () => {
    const expired: OrderRecord = {
      ...order,
      giftLink: {
        recipientName: 'Kavya Reddy',
        state: 'expired',
        openedAt: null,
        expiresAt: '2026-11-27T05:30:00.000Z',
        delivery: null,
        allowedSlots: ['standard'],
        thanks: null,
      },
    };
    const addressed: OrderRecord = {
      ...expired,
      giftLink: {
        ...(expired.giftLink as NonNullable<OrderRecord['giftLink']>),
        state: 'addressed',
        delivery: { date: '2026-12-01', slot: 'standard' },
      },
    };
    let shown = expired;
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input)).pathname;
        if (path === `/api/orders/${ORDER_ID}/gift-link/address` && init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          shown = addressed;
          return Response.json(addressed);
        }
        if (path === `/api/orders/${ORDER_ID}`) return Response.json(shown);
        if (path === '/api/pincodes/delivery-dates/560034') return Response.json(KORAMANGALA_DATES);
        if (path === '/api/pincodes/city/110001') return Response.json({ city: 'New Delhi', state: 'Delhi' });
        if (path === '/api/pincodes/delivery-dates/110001') {
          return Response.json({
            today: '2026-11-30',
            type: 'standard',
            days: '1-2 days',
            dates: [
              {
                date: '2026-12-01',
                slots: [
                  { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 },
                  { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 },
                ],
              },
            ],
          });
        }
        return Response.json({ tracking: null });
      }),
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(
      [{ path: '/order-confirmation/:orderId', element: <OrderConfirmationPage /> }],
      `/order-confirmation/${ORDER_ID}`,
      (routes) => (
        <AuthProvider
          api={{
            me: async () => meera,
            login: async () => ({ user: meera, token: 't' }),
            register: async () => ({ user: meera, token: 't' }),
            logout: async () => {},
          }}
        >
          {routes}
        </AuthProvider>
      ),
    );
    const form = await screen.findByRole('form', { name: 'Give the address yourself' });
    expect(screen.getByRole('button', { name: 'Refund me in full' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Pincode'), '110001');
    expect(await within(form).findByDisplayValue('New Delhi')).toBeTruthy();
    await user.type(within(form).getByLabelText('House, flat, building and street'), '21 Hauz Khas Village');
    await user.type(
      within(form).getByLabelText('Recipient’s mobile number (for the courier)'),
      '98450 12345',
    );
    await user.click(await within(form).findByRole('radio', { name: /1 Dec/ }));
    // Only the delivery the sender allowed is offered.
    expect(within(form).queryByRole('radio', { name: /Midnight delivery/ })).toBeNull();
    await user.click(await within(form).findByRole('radio', { name: /Standard delivery/ }));
    await user.click(within(form).getByRole('button', { name: 'Deliver to this address' }));
    expect(await screen.findByText(/^Address given, arriving Tue, 1 Dec/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Give the address yourself' })).toBeNull();
    expect(posted).toEqual([
      {
        address: {
          fullName: 'Kavya Reddy',
          address: '21 Hauz Khas Village',
          city: 'New Delhi',
          state: 'Delhi',
          postalCode: '110001',
          phone: '98450 12345',
        },
        delivery: { date: '2026-12-01', slot: 'standard' },
      },
    ]);
  });
});
