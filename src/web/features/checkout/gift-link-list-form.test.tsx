import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeringTimedSlotFee } from '../../testing/gift-link-fixtures';
import type { CheckoutLine } from './checkout-lines';
import { GiftLinkListForm, type PaymentWindow } from './gift-link-list-form';

// Decision 0090: a list of recipients at checkout, checked row by row, then paid once.

const DIYAS: CheckoutLine = {
  id: 11,
  name: 'Brass Diya Set',
  image: '/diyas.jpg',
  price: 450,
  quantity: 1,
  category: 'Diwali',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
};

const BATCH_ID = 'c1d2e3f4-0000-4000-8000-000000000090';

/**
 * The provider's window as it answers a successful payment: the batch is made (startOrder) and
 * its signed answer checked (verifyPayment), the way the page's usePaymentWindow drives them.
 */
const paidWindow: PaymentWindow = ({ startOrder, verifyPayment, onPaid }) => ({
  phase: 'idle',
  message: null,
  pay: async () => {
    const order = await startOrder();
    const verification = await verifyPayment({
      orderId: order.orderId,
      razorpay_order_id: order.order.id,
      razorpay_payment_id: 'pay_sandbox_1',
      razorpay_signature: 'signed',
    });
    onPaid({ order, verification });
  },
});

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <GiftLinkListForm
            lines={[DIYAS]}
            shippingFee={50}
            blocked={false}
            payer={{ name: 'Meera Iyer', email: 'meera@example.in', contact: '9845012345' }}
            usePaymentWindow={paidWindow}
          />
        ),
      },
      { path: '/orders', element: <p>My Orders</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = 'Ravi Kumar, 9845012345\nSunita Das, 12345\nArjun Mehta, arjun@example.com';

describe("checkout's list of gift link recipients", () => {
  it('names each bad row before paying, and offers no payment until the list is right', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answeringTimedSlotFee(null, async (input) => {
        calls.push(new URL(String(input)).pathname);
        return Response.json(
          {
            message: 'Some rows need correcting before payment',
            errors: [{ path: 'list.2', message: 'Row 2: Please enter a valid 10-digit mobile number' }],
          },
          { status: 400 },
        );
      }),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Recipients, one a line/), LIST);
    expect(
      (screen.getByRole('button', { name: 'Check the list to pay' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some rows need correcting before payment');
    expect(alert.textContent).toContain('Row 2: Please enter a valid 10-digit mobile number');
    expect(calls).toEqual(['/api/gift-links/recipients']);
    expect(
      (screen.getByRole('button', { name: 'Check the list to pay' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('pays once for every recipient, with the GSTIN, then opens My Orders', async () => {
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      answeringTimedSlotFee(24_900, async (input, init) => {
        const path = new URL(String(input)).pathname;
        sent.push({ path, body: JSON.parse(String(init?.body)) });
        if (path === '/api/gift-links/recipients') {
          return Response.json({
            recipients: [1, 2, 3].map((row) => ({
              row,
              name: `R${row}`,
              phone: null,
              email: null,
              message: null,
            })),
          });
        }
        if (path === '/api/gift-links/batches') {
          return Response.json({
            order: { id: 'order_batch_1', amount: 224_700, currency: 'INR' },
            orderId: BATCH_ID,
            orderNumber: 'UG-1001 +2',
            totalAmount: 2247,
            keyId: 'sandbox',
            provider: 'sandbox',
            paymentMethod: 'online',
            orders: 3,
          });
        }
        return Response.json({
          success: true,
          message: 'Payment verified',
          orderId: BATCH_ID,
          orderNumber: 'UG-1001',
          status: 'paid',
        });
      }),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Recipients, one a line/), 'R1, 9845012345');
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    // ₹450 diyas + ₹50 shipping, no delivery ticked yet: ₹500 each.
    expect((await screen.findByRole('status')).textContent).toBe('3 recipients ready: ₹500 each');
    for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /Standard or same-day/ }));
    await user.click(screen.getByRole('checkbox', { name: /Midnight delivery/ }));
    await user.click(screen.getByRole('checkbox', { name: 'A timed slot (₹249)' }));
    await user.click(screen.getByRole('checkbox', { name: "Add our company's GSTIN to every invoice" }));
    await user.type(screen.getByLabelText('GSTIN'), '27AAPFU0939F1ZV');
    await user.type(screen.getByLabelText('Legal name the GSTIN is registered under'), 'Acme Widgets');
    // Each ₹749 with the dearest fee the links allow, a timed slot's ₹249: ₹2,247 for three.
    await user.click(screen.getByRole('button', { name: 'Pay ₹2,247 for 3 gift links' }));
    expect(await screen.findByText('My Orders')).toBeTruthy();
    expect(sent.map((call) => call.path)).toEqual([
      '/api/gift-links/recipients',
      '/api/gift-links/batches',
      '/api/gift-links/batches/verify',
    ]);
    expect(sent[1]?.body).toEqual({
      items: [{ productId: 11, quantity: 1 }],
      totalAmount: 2247,
      list: 'R1, 9845012345',
      revealGift: false,
      allowedSlots: ['standard', 'midnight', 'timed'],
      business: { gstin: '27AAPFU0939F1ZV', legalName: 'Acme Widgets' },
    });
    expect(sent[2]?.body).toMatchObject({ orderId: BATCH_ID, razorpay_order_id: 'order_batch_1' });
  });
});
