import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeringTimedSlotFee } from '../../testing/gift-link-fixtures';
import type { CheckoutLine } from './checkout-lines';
import { GiftLinkForm } from './gift-link-form';

// Decision 0081: the sender's "Send as a gift link" at checkout, at the network's edge (fetch).

const CAKE: CheckoutLine = {
  id: 7,
  name: 'Chocolate Truffle Cake',
  image: '/cake.jpg',
  price: 849,
  quantity: 1,
  category: 'Cakes',
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
};

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: <GiftLinkForm lines={[CAKE]} shippingFee={49} discount={null} blocked={false} />,
      },
      { path: '/payment', element: <p>Payment page</p> },
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

describe("checkout's gift link", () => {
  it('ticks nothing, names what is missing and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', answeringTimedSlotFee(24_900, fetch));
    renderForm();
    expect(await screen.findByRole('checkbox', { name: 'A timed slot (₹249)' })).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
    // The reveal box, standard, a timed slot and midnight.
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Pay ₹898 for the gift link' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /for the gift link/ }));
    // The schema loads on the first submit (decision 0088): its messages come once it has.
    expect(await screen.findByText("Please give the recipient's name")).toBeTruthy();
    expect(screen.getByText('Please choose at least one delivery the recipient may pick')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('pays with the midnight fee when midnight is allowed and opens that order’s payment', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      answeringTimedSlotFee(null, async (_input, init) => {
        sent.push({
          body: JSON.parse(String(init?.body)),
          key: new Headers(init?.headers).get('idempotency-key'),
        });
        return Response.json({
          order: { id: 'order_sandbox_1', amount: 109_700, currency: 'INR' },
          orderId: 'b7e1c2a0-0000-4000-8000-000000000001',
          orderNumber: 'UG-1001',
          totalAmount: 1097,
          keyId: 'sandbox',
          provider: 'sandbox',
          paymentMethod: 'online',
        });
      }),
    );
    const router = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Recipient's name"), 'Kavya Reddy');
    await user.type(screen.getByLabelText("Recipient's mobile number"), '98450 12345');
    await user.type(screen.getByLabelText(/Your message/), 'Happy birthday, Kavya!');
    await user.click(screen.getByRole('checkbox', { name: /Standard or same-day/ }));
    await user.click(screen.getByRole('checkbox', { name: /Midnight delivery/ }));
    // No timed slot is active, so none is offered.
    expect(screen.queryByRole('checkbox', { name: /A timed slot/ })).toBeNull();
    // 849 + 49 shipping + the midnight slot's 199: the largest fee the link can cost.
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,097 for the gift link' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(router.state.location.search).toBe('?order=b7e1c2a0-0000-4000-8000-000000000001');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/.+/);
    expect(sent[0]?.body).toEqual({
      items: [{ productId: 7, quantity: 1 }],
      totalAmount: 1097,
      recipient: { name: 'Kavya Reddy', phone: '98450 12345' },
      message: 'Happy birthday, Kavya!',
      revealGift: false,
      allowedSlots: ['standard', 'midnight'],
    });
  });

  it("pays a timed slot's fee as the server names it, the dearest of the link's choices", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      answeringTimedSlotFee(24_900, async (_input, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ message: 'Stop here' }, { status: 409 });
      }),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Recipient's name"), 'Kavya Reddy');
    await user.type(screen.getByLabelText("Recipient's mobile number"), '98450 12345');
    await user.click(await screen.findByRole('checkbox', { name: 'A timed slot (₹249)' }));
    // 849 + 49 shipping + the dearest active timed slot's 249.
    expect(screen.getByRole('button', { name: 'Pay ₹1,147 for the gift link' })).toBeTruthy();
    // Midnight's ₹199 is less: the link still pays ₹249, and the recipient's pick gets the rest back.
    await user.click(screen.getByRole('checkbox', { name: /Midnight delivery/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,147 for the gift link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Stop here');
    expect(sent).toEqual([
      {
        items: [{ productId: 7, quantity: 1 }],
        totalAmount: 1147,
        recipient: { name: 'Kavya Reddy', phone: '98450 12345' },
        revealGift: false,
        allowedSlots: ['timed', 'midnight'],
      },
    ]);
  });

  it("says why when the server refuses, such as the sender's unverified mobile", async () => {
    vi.stubGlobal(
      'fetch',
      answeringTimedSlotFee(null, async () =>
        Response.json(
          { message: 'Please verify your mobile number before sending a gift by link' },
          { status: 403 },
        ),
      ),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Recipient's name"), 'Kavya Reddy');
    await user.type(screen.getByLabelText("Or the recipient's e-mail"), 'kavya@example.in');
    await user.click(screen.getByRole('checkbox', { name: /Standard or same-day/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹898 for the gift link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please verify your mobile number before sending a gift by link',
    );
  });
});
