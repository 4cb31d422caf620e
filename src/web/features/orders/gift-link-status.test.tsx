import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftLinkStatus } from '../../../shared/api/gift-links';
import { testOrder } from '../../testing/order-fixtures';
import { GiftLinkActions, GiftLinkStatusNote } from './gift-link-status';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENT: GiftLinkStatus = {
  recipientName: 'Kavya Reddy',
  state: 'sent',
  openedAt: null,
  expiresAt: '2026-11-30T05:30:00.000Z',
  delivery: null,
  allowedSlots: ['standard', 'midnight'],
  thanks: null,
};

describe("a gift link's state on the sender's order page (decision 0081)", () => {
  it('says the address is given and when it arrives, never where', () => {
    render(
      <GiftLinkStatusNote
        link={{
          recipientName: 'Kavya Reddy',
          state: 'addressed',
          openedAt: '2026-11-23T06:00:00.000Z',
          expiresAt: '2026-11-30T05:30:00.000Z',
          delivery: { date: '2026-11-24', slot: 'midnight' },
          allowedSlots: ['standard', 'midnight'],
          thanks: null,
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Address given, arriving Tue, 24 Nov · Midnight delivery (11 PM - 11:59 PM)',
    );
  });

  it('says it was sent while the recipient has not opened it', () => {
    render(
      <GiftLinkStatusNote
        link={{
          recipientName: 'Kavya Reddy',
          state: 'sent',
          openedAt: null,
          expiresAt: '2026-11-30T05:30:00.000Z',
          delivery: null,
          allowedSlots: ['standard', 'midnight'],
          thanks: null,
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Sent');
  });
});

describe("the recipient's thank-you on the sender's order page (decision 0081)", () => {
  it('shows their words and fetches their photo with the signed-in token', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        return new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }));
      }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:thanks', revokeObjectURL: () => {} }),
    );
    render(
      <GiftLinkStatusNote
        orderId="order-1"
        link={{
          ...SENT,
          state: 'addressed',
          thanks: {
            note: 'Thank you, Asha!\nWearing it tonight.',
            at: '2026-11-25T10:00:00.000Z',
            photo: true,
          },
        }}
      />,
    );
    const quote = screen.getByText('Kavya Reddy sent you a thank-you:').parentElement;
    expect(quote?.textContent).toBe('Kavya Reddy sent you a thank-you:Thank you, Asha!\nWearing it tonight.');
    expect((await screen.findByRole('img', { name: 'Photo from Kavya Reddy' })).getAttribute('src')).toBe(
      'blob:thanks',
    );
    expect(asked).toEqual(['/api/orders/order-1/gift-link/thanks/photo']);
  });

  it('says nothing of thanks before one came', () => {
    render(<GiftLinkStatusNote orderId="order-1" link={SENT} />);
    expect(screen.queryByText(/thank-you/)).toBeNull();
  });
});

describe("the sender's actions on a gift link (decision 0081)", () => {
  it('sends the link again to a corrected mobile while it is not opened', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push([new URL(String(input)).pathname, JSON.parse(String(init?.body))]);
        return Response.json(testOrder({ id: 'order-1' }));
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GiftLinkActions orderId="order-1" link={SENT} />
      </QueryClientProvider>,
    );
    await userEvent.type(
      screen.getByLabelText("Recipient's mobile (leave empty to send to the same)"),
      '91234 56780',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Sent again.')).toBeTruthy();
    expect(sent).toEqual([['/api/orders/order-1/gift-link/resend', { phone: '91234 56780' }]]);
  });

  it('offers a full refund once the link expired, and nothing once it is answered', () => {
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <GiftLinkActions orderId="order-1" link={{ ...SENT, state: 'expired' }} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Refund me in full' })).toBeTruthy();
    unmount();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <GiftLinkActions orderId="order-1" link={{ ...SENT, state: 'addressed' }} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
