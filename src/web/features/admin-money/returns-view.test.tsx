import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReturn } from '../../../shared/api/returns';
import type { StaffRole } from '../../../shared/staff-roles';
import { StaffRoleProvider } from '../../components/admin/staff-permission';
import { ReturnsView } from './returns-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owed: AdminReturn = {
  id: 7,
  status: 'approved',
  reason: 'The lamp arrived cracked',
  kind: 'faulty',
  items: [{ productId: 3, name: 'Brass Lamp', quantity: 1, amount: 400 }],
  refundAmount: 400,
  deliveryRefund: 0,
  refundMethod: 'transfer',
  refundPaidAt: null,
  refundReference: null,
  pickup: { awb: 'SBXRETURN1', courier: 'Utsav Sandbox Express', status: 'delivered' },
  receivedAt: '2031-03-23T04:00:00.000Z',
  refundReleasedAt: '2031-03-23T04:00:00.000Z',
  payeeGiven: true,
  payee: 'UPI sana.khan@okhdfc',
  decisionNote: '',
  photoIds: [],
  createdAt: '2031-03-20T04:00:00.000Z',
  decidedAt: '2031-03-21T04:00:00.000Z',
  orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
  orderNumber: 'RG-10400',
  customerName: 'Sana Khan',
  customerEmail: 'sana@example.com',
};

/** The returns API as the server answers it, with a working refund-paid route. */
function serveReturns(record: AdminReturn) {
  let current = record;
  const marked: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/admin/returns/${current.id}/refund-paid` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { reference: string };
        marked.push(body);
        current = { ...current, refundPaidAt: '2031-03-22T04:00:00.000Z', refundReference: body.reference };
        return json({ return: current });
      }
      const decided = /^\/api\/admin\/returns\/\d+\/(approve|reject|received)$/.exec(url.pathname)?.[1];
      if (decided && init?.method === 'POST') {
        marked.push({ decision: decided, ...(JSON.parse(String(init.body)) as object) });
        const at = '2031-03-22T04:00:00.000Z';
        current =
          decided === 'received'
            ? { ...current, receivedAt: at, refundReleasedAt: current.refundReleasedAt ?? at }
            : decided === 'approve'
              ? {
                  ...current,
                  status: 'approved',
                  pickup: { awb: 'SBXRETURN1', courier: 'Utsav Sandbox Express', status: 'booked' },
                }
              : { ...current, status: 'rejected' };
        return json({ return: current });
      }
      if (url.pathname === '/api/admin/returns')
        return json({ data: [current], refundAtApprovalBelow: 0, total: 1, page: 1, pageSize: 25 });
      return json({ message: 'Not found' }, 404);
    }),
  );
  return marked;
}

function renderView(role?: StaffRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StaffRoleProvider value={role}>
          <ReturnsView />
        </StaffRoleProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the Returns page's refund owed by transfer (decision 0043)", () => {
  it('records the reference of a cash on delivery refund, then shows it paid', async () => {
    const user = userEvent.setup();
    const marked = serveReturns(owed);
    renderView();
    const card = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });
    expect(card.textContent).toContain('Approved: ₹400 to refund by UPI or bank transfer');

    await user.type(within(card).getByLabelText('Transfer or UPI reference'), 'UPI 412345678901');
    await user.click(within(card).getByRole('button', { name: 'Mark refund paid' }));

    expect(
      await screen.findByText('Approved: ₹400 refunded by UPI or bank transfer (reference UPI 412345678901)'),
    ).toBeTruthy();
    expect(marked).toEqual([{ reference: 'UPI 412345678901' }]);
    expect(screen.queryByRole('button', { name: 'Mark refund paid' })).toBeNull();
  });

  it('offers nothing to mark for a refund the provider made', async () => {
    serveReturns({ ...owed, refundMethod: 'provider' });
    renderView();
    const card = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });
    expect(card.textContent).toContain('Approved: ₹400 refunded');
    expect(within(card).queryByRole('button', { name: 'Mark refund paid' })).toBeNull();
  });
});

describe('a return as the orders desk sees it (decision 0076)', () => {
  it('offers the desk no refund: no approval, no receipt that refunds, no transfer to mark paid', async () => {
    serveReturns({ ...owed, status: 'requested', receivedAt: null, refundReleasedAt: null });
    renderView('orders');
    const card = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reject']);
    expect(card.textContent).toContain('The owner or accounts approve and refund returns.');
    cleanup();
    serveReturns(owed);
    renderView('orders');
    const approved = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });
    expect(within(approved).queryByRole('button', { name: 'Mark refund paid' })).toBeNull();
    cleanup();
    serveReturns(owed);
    renderView('accounts');
    const forAccounts = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });
    expect(within(forAccounts).getByRole('button', { name: 'Mark refund paid' })).toBeTruthy();
  });
});

describe('a decision on a return, which cannot be taken back (decision 0066)', () => {
  const asked: AdminReturn = {
    ...owed,
    status: 'requested',
    refundMethod: 'provider',
    decidedAt: null,
    pickup: null,
    receivedAt: null,
    refundReleasedAt: null,
    payeeGiven: false,
    payee: null,
  };

  it('says the courier collects and the money waits for the items, and nothing is sent on Cancel', async () => {
    const user = userEvent.setup();
    const sent = serveReturns(asked);
    renderView();
    const card = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });

    await user.click(within(card).getByRole('button', { name: 'Approve return' }));
    const approve = screen.getByRole('alertdialog', { name: 'Approve the return of order RG-10400?' });
    expect(approve.textContent).toContain(
      "The courier will collect the items from Sana Khan. ₹400 goes back to Sana Khan's original payment when you mark the items received and checked. This cannot be undone.",
    );
    await user.click(within(approve).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const reject = screen.getByRole('alertdialog', { name: 'Reject the return of order RG-10400?' });
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.type(within(card).getByLabelText('Note for the customer (optional)'), 'Pickup on its way');
    await user.click(within(card).getByRole('button', { name: 'Approve return' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve return' }));
    expect(
      await screen.findByText('Approved: ₹400 to refund once the items are received and checked'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Reverse pickup: Utsav Sandbox Express, AWB SBXRETURN1, booked, waiting for the courier',
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark received and checked' }));
    const received = screen.getByRole('alertdialog', {
      name: 'Mark the return of order RG-10400 received and checked?',
    });
    expect(received.textContent).toContain(
      "The items go back into stock. ₹400 goes back to Sana Khan's original payment now",
    );
    await user.click(within(received).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText('Approved: ₹400 refunded')).toBeTruthy();
    expect(sent).toEqual([
      { decision: 'approve', note: 'Pickup on its way' },
      { decision: 'received', note: '' },
    ]);
  });

  it('never tells the owner a cash on delivery refund goes back to the payment', async () => {
    const user = userEvent.setup();
    serveReturns({ ...asked, refundMethod: 'transfer', customerName: 'Joseph Khan', refundAmount: 1299 });
    renderView();
    const card = await screen.findByRole('listitem', { name: 'Return of order RG-10400' });
    await user.click(within(card).getByRole('button', { name: 'Approve return' }));
    const approve = screen.getByRole('alertdialog');
    expect(approve.textContent).toContain(
      'Nothing is paid now: once you mark the items received and checked, Joseph Khan is asked by message for a UPI ID or bank account, and you send ₹1,299 by transfer.',
    );
    expect(approve.textContent).not.toContain('payment at once');
  });
});
