import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftLinkView } from '../../shared/api/gift-links';
import type { DeliveryDates } from '../../shared/delivery-dates';
import { GiftLinkPage } from './gift-link-page';

// Decision 0081: the recipient's page, at the network's edge (fetch), signed out.

const GIFT: GiftLinkView = {
  senderName: 'Asha Rao',
  recipientName: 'Kavya Reddy',
  items: null,
  message: 'Happy birthday, Kavya!',
  allowedSlots: ['standard', 'midnight'],
  state: 'opened',
  expiresAt: '2026-11-30T05:30:00.000Z',
  delivery: null,
  delivered: false,
  thanks: null,
};

const DATES: DeliveryDates = {
  today: '2026-11-23',
  type: 'same_day',
  days: 'Same day',
  dates: [
    {
      date: '2026-11-24',
      slots: [
        { slot: 'standard', label: 'Standard delivery (9 AM - 9 PM)', fee: 0 },
        { slot: 'midnight', label: 'Midnight delivery (11 PM - 11:59 PM)', fee: 199 },
      ],
    },
  ],
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/gift/:token', element: <GiftLinkPage /> }], {
    initialEntries: ['/gift/a-token'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a gift link's page", () => {
  it('names the sender, keeps the surprise, fills the city from the pincode and confirms a midnight delivery', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input)).pathname;
        if (path === '/api/pincodes/city/560001')
          return Response.json({ city: 'Bengaluru', state: 'Karnataka' });
        if (path === '/api/pincodes/delivery-dates/560001') return Response.json(DATES);
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return Response.json({
            ...GIFT,
            state: 'addressed',
            delivery: { date: '2026-11-24', slot: 'midnight' },
          });
        }
        return Response.json(GIFT);
      }),
    );
    renderPage();
    expect(await screen.findByText('Asha Rao sent you a gift.')).toBeTruthy();
    expect(screen.getByText('It is a surprise: you will see it when it arrives.')).toBeTruthy();
    expect(screen.getByText('Happy birthday, Kavya!')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Pincode'), '560001');
    expect(await screen.findByDisplayValue('Bengaluru')).toBeTruthy();
    expect(screen.getByDisplayValue('Karnataka')).toBeTruthy();
    await user.type(screen.getByLabelText('House, flat, building and street'), 'Flat 4B, Prestige Lakeside');
    await user.type(screen.getByLabelText('Landmark (optional)'), 'opposite Forum Mall');
    await user.type(screen.getByLabelText('Your mobile number (for the courier)'), '98450 12345');
    await user.click(await screen.findByRole('radio', { name: /Tomorrow|24 Nov/ }));
    // The slot is offered without its price: the gift is paid for.
    await user.click(await screen.findByRole('radio', { name: /Midnight delivery \(11 PM - 11:59 PM\)$/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    expect(await screen.findByText(/Your gift is arriving Tue, 24 Nov · Midnight delivery/)).toBeTruthy();
    expect(sent).toEqual([
      {
        address: {
          fullName: 'Kavya Reddy',
          address: 'Flat 4B, Prestige Lakeside',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560001',
          phone: '98450 12345',
        },
        landmark: 'opposite Forum Mall',
        delivery: { date: '2026-11-24', slot: 'midnight' },
      },
    ]);
  });

  it('after delivery, sends the thank-you note and then its photo to the sender', async () => {
    const delivered: GiftLinkView = {
      ...GIFT,
      state: 'addressed',
      delivery: { date: '2026-11-24', slot: 'midnight' },
      delivered: true,
    };
    const posted: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method !== 'POST') return Response.json(delivered);
        const body =
          init.body instanceof FormData
            ? { file: (init.body.get('file') as File).name }
            : JSON.parse(String(init.body));
        posted.push({ path, body });
        const photo = path.endsWith('/photo');
        return Response.json({ ...delivered, thanks: { note: 'Thank you, Asha!', photo } });
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your note'), 'Thank you, Asha!');
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'us.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('A photo (optional)'), picture);
    await user.click(screen.getByRole('button', { name: 'Send thanks' }));
    expect(await screen.findByText('Your thank-you is on its way to Asha Rao.')).toBeTruthy();
    expect(posted).toEqual([
      { path: '/api/gift-links/a-token/thanks', body: { note: 'Thank you, Asha!' } },
      { path: '/api/gift-links/a-token/thanks/photo', body: { file: 'us.png' } },
    ]);
  });

  it('says so when the link cannot be used', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'This gift link is not valid or has expired' }, { status: 404 }),
      ),
    );
    renderPage();
    expect(await screen.findByText('This gift link cannot be used')).toBeTruthy();
    expect(screen.getByText('This gift link is not valid or has expired')).toBeTruthy();
  });
});
