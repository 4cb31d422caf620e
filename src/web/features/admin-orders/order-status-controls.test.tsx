import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../../shared/api/admin';
import { renderRoutes } from '../../testing/render-routes';
import { OrderStatusControls } from './order-detail-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The status form reads only the order's id, number and status, the next statuses and the refund
// on cancelling; a whole AdminOrderDetail would be fifty lines of fields it never reads.
const packed = {
  order: { id: 'o1', orderNumber: 'RG-10431', status: 'packed' },
  nextStatuses: ['shipped', 'cancelled'],
  money: { refundOnCancel: 0 },
} as unknown as AdminOrderDetail;

/** The status change answers `answer` with `status`; what was sent is in `sent`. */
function showControls(status = 200, answer: unknown = packed) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://store.test');
      sent.push({ url: url.pathname, body: JSON.parse(String(init?.body)) });
      return Response.json(answer, { status });
    }),
  );
  renderRoutes([{ path: '/', element: <OrderStatusControls detail={packed} /> }], '/');
  return sent;
}

describe("an order's status change in the back office", () => {
  it('sends the note to the customer when ticked, trimmed as the server keeps it, and starts the next empty', async () => {
    const user = userEvent.setup();
    const sent = showControls();
    const note = await screen.findByRole('textbox', { name: 'Note (optional)' });
    await user.type(note, '  Sent with BlueDart, AWB 12345 ');
    const toCustomer = screen.getByRole('checkbox', { name: 'Send this note to the customer' });
    await user.click(toCustomer);
    // The hint the note's box is described by follows the tick (decision 0065).
    expect(note.getAttribute('aria-describedby')).toBe(
      screen.getByText('The customer sees it on their order and in the status e-mail.').id,
    );
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: '/api/admin/orders/o1/status',
          body: { status: 'shipped', note: 'Sent with BlueDart, AWB 12345', noteToCustomer: true },
        },
      ]),
    );
    await waitFor(() => expect(note).toHaveProperty('value', ''));
    expect(toCustomer).toHaveProperty('checked', false);
    expect(screen.getByText('Only the store sees it.')).toBeTruthy();
  });

  it('cancels only once the owner agrees in the dialog, the note kept for the store', async () => {
    const user = userEvent.setup();
    const sent = showControls();
    await user.type(await screen.findByRole('textbox', { name: 'Note (optional)' }), 'Customer called');
    await user.click(screen.getByRole('button', { name: 'Mark as Cancelled' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order RG-10431?' });
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() =>
      expect(sent.map((request) => request.body)).toEqual([
        { status: 'cancelled', note: 'Customer called', noteToCustomer: false },
      ]),
    );
  });

  it("says the server's refusal of the step, the note left as typed", async () => {
    const user = userEvent.setup();
    showControls(409, { message: 'An order that is Shipped cannot become Shipped' });
    const note = await screen.findByRole('textbox', { name: 'Note (optional)' });
    await user.type(note, 'AWB 12345');
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'An order that is Shipped cannot become Shipped',
    );
    expect(note).toHaveProperty('value', 'AWB 12345');
  });
});
