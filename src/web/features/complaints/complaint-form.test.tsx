import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplaintCreated } from '../../../shared/api/complaints';
import { ComplaintForm } from './complaint-form';

const created: ComplaintCreated = {
  ticket: 'UG-C-000123',
  mailedTo: 'kavya@example.in',
  acknowledgeBy: '2026-12-08T04:45:00.000Z',
  resolveBy: '2027-01-06T04:45:00.000Z',
};

/** POST /api/complaints as the server answers it: created, or the refusal given. */
function serveComplaints(refuse?: { status: number; message: string; errors?: unknown[] }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (init?.method === 'POST' && url.pathname === '/api/complaints') {
        sent.push(JSON.parse(String(init.body)));
        const body = refuse ?? created;
        return new Response(JSON.stringify(body), {
          status: refuse?.status ?? 201,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  return sent;
}

const renderForm = (account: { email: string } | null = null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ComplaintForm account={account} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the complaint form on the Contact page', () => {
  it('asks a guest for an e-mail or phone before sending, then shows the ticket and its dates', async () => {
    const sent = serveComplaints();
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Diya set arrived broken');
    await user.type(
      screen.getByRole('textbox', { name: 'What happened' }),
      'Two of the twelve diyas were bent.',
    );
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(
      screen.getByText('Please give an e-mail address or a phone number so that we can reply'),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'kavya@example.in');
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    const receipt = await screen.findByRole('status');
    expect(receipt.textContent).toContain('Your ticket number is UG-C-000123');
    expect(receipt.textContent).toContain('acknowledge it by 8 Dec 2026, 10:15 am');
    expect(receipt.textContent).toContain('resolve it by 6 Jan 2027, 10:15 am');
    expect(receipt.textContent).toContain('We have e-mailed the ticket to kavya@example.in.');
    expect(document.activeElement).toBe(receipt);
    expect(sent).toEqual([
      {
        orderNumber: '',
        subject: 'Diya set arrived broken',
        details: 'Two of the twelve diyas were bent.',
        name: '',
        email: 'kavya@example.in',
        phone: '',
      },
    ]);
  });

  it('asks a signed-in shopper for no contact: the reply goes to their account’s e-mail', async () => {
    serveComplaints();
    renderForm({ email: 'rohan@example.in' });
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    expect(screen.getByText('We will reply to rohan@example.in, the e-mail on your account.')).toBeTruthy();
  });

  it("shows the server's field message and keeps what was typed", async () => {
    serveComplaints({
      status: 400,
      message: 'Order numbers look like RG-10042',
      errors: [{ path: 'orderNumber', message: 'Order numbers look like RG-10042' }],
    });
    renderForm({ email: 'rohan@example.in' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Order number (optional)' }), 'RG 10042!');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Late delivery');
    await user.type(
      screen.getByRole('textbox', { name: 'What happened' }),
      'The parcel came three days late.',
    );
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('Order numbers look like RG-10042')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe(
      'Late delivery',
    );
  });

  it('shows a refusal without fields (too many complaints) as the server words it', async () => {
    serveComplaints({
      status: 429,
      message: 'Too many complaints sent from here. Please call or write to our Grievance Officer instead.',
    });
    renderForm({ email: 'rohan@example.in' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Late delivery');
    await user.type(
      screen.getByRole('textbox', { name: 'What happened' }),
      'The parcel came three days late.',
    );
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many complaints sent from here. Please call or write to our Grievance Officer instead.',
    );
  });
});
