import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/api/auth';
import type { GroupGiftView } from '../../shared/api/group-gifts';
import { TOKEN_STORAGE_KEY } from '../api/client';
import type { AuthApi } from '../features/auth/auth-api';
import { AuthProvider } from '../features/auth/auth-provider';
import { GUEST_AUTH } from '../testing/guest-auth';
import { GroupGiftPage } from './group-gift-page';

// Decision 0084: a group gift's page, at the network's edge (fetch): what a guest and a signed-in
// friend see, and a link that opens nothing.

const POOL: GroupGiftView = {
  items: [{ name: 'Brass Table Clock', image: '/uploads/products/1.webp', quantity: 1 }],
  recipientName: 'Meera Nair',
  organiserName: 'Anita Desai',
  message: 'Farewell from the design team!',
  targetAmount: 2499,
  collectedAmount: 1750,
  remainingAmount: 749,
  contributorCount: 7,
  progress: '₹1,750 of ₹2,499 from 7 friends',
  suggestedShare: 250,
  minShare: 50,
  maxShare: 50000,
  closesAt: '2026-12-08T18:30:00.000Z',
  state: 'open',
  contributors: [{ id: 3, name: 'Ravi', note: 'Miss you!' }],
  isOrganiser: false,
  orderNumber: null,
  chooseBy: null,
};

const RAVI: User = {
  id: 7,
  userId: 7,
  name: 'Ravi Kumar',
  fullName: 'Ravi Kumar',
  email: '',
  username: 'user9845012345',
  role: 'customer',
  phone: '9845012345',
};

type Answer = { status: number; body: unknown };

/** The page with the server's answers: one for every request, or one a request. */
function renderPool(
  answer: Answer | ((url: string, init: RequestInit | undefined) => Answer),
  user: User | null = null,
) {
  if (user) localStorage.setItem(TOKEN_STORAGE_KEY, 'token-7');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { status, body } = typeof answer === 'function' ? answer(String(input), init) : answer;
      return Response.json(body, { status });
    }),
  );
  const api: AuthApi = user ? { ...GUEST_AUTH, me: async () => user } : GUEST_AUTH;
  const router = createMemoryRouter([{ path: '/group-gift/:token', element: <GroupGiftPage /> }], {
    initialEntries: ['/group-gift/a-token'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
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

describe("a group gift's page", () => {
  it('shows a guest the gift, the progress, the last day and the named friends, and asks them to sign in to chip in', async () => {
    renderPool({ status: 200, body: POOL });
    expect(await screen.findByText('Anita Desai is collecting for Meera Nair.')).toBeTruthy();
    expect(screen.getByText('Brass Table Clock')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Collected so far' }).getAttribute('aria-valuenow')).toBe(
      '70',
    );
    expect(screen.getByText('₹1,750 of ₹2,499 from 7 friends')).toBeTruthy();
    expect(screen.getByText(/^Chip in by /)).toBeTruthy();
    expect(screen.getByText('Suggested share: ₹250 each')).toBeTruthy();
    expect(screen.getByText('Ravi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=Let's%20chip%20in/,
    );
    expect(
      await screen.findByRole('heading', { name: 'Sign in with your mobile number to chip in' }),
    ).toBeTruthy();
  });

  it('offers a signed-in friend the suggested share, their name unticked', async () => {
    renderPool({ status: 200, body: POOL }, RAVI);
    const share = (await screen.findByLabelText('Your share in ₹ (₹50 to ₹749)')) as HTMLInputElement;
    expect(share.value).toBe('250');
    expect(
      (screen.getByRole('checkbox', { name: 'Show my name on this page' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay ₹250' })).toBeTruthy();
  });

  it('says a link that opens no pool cannot be used', async () => {
    renderPool({ status: 404, body: { message: 'This group gift link is not valid' } });
    expect(await screen.findByText('This group gift link cannot be used')).toBeTruthy();
    expect(screen.getByText('This group gift link is not valid')).toBeTruthy();
  });

  it('lets the organiser of a pool whose gift sold out order another, sending the total it showed', async () => {
    const soldOut: GroupGiftView = {
      ...POOL,
      state: 'sold_out',
      targetAmount: 1499,
      collectedAmount: 1499,
      remainingAmount: 0,
      progress: '₹1,499 of ₹1,499 from 3 friends',
      isOrganiser: true,
      chooseBy: '2026-12-04T05:30:00.000Z',
    };
    const sent: { url: string; body: unknown }[] = [];
    renderPool((url, init) => {
      if (init?.method === 'POST') sent.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/replacements'))
        return {
          status: 200,
          body: {
            data: [
              {
                productId: 41,
                name: 'Pashmina Stole',
                image: '/uploads/products/41.webp',
                totalAmount: 1450,
                refundAmount: 49,
              },
              {
                productId: 42,
                name: 'Silver Diya Set',
                image: '/uploads/products/42.webp',
                totalAmount: 1000,
                refundAmount: 499,
              },
            ],
          },
        };
      if (url.endsWith('/replacement'))
        return {
          status: 200,
          body: {
            ...soldOut,
            state: 'met',
            items: [{ name: 'Silver Diya Set', image: '/uploads/products/42.webp', quantity: 1 }],
            targetAmount: 1000,
            collectedAmount: 1000,
            chooseBy: null,
            orderNumber: 'UG-1042',
          },
        };
      return { status: 200, body: soldOut };
    }, RAVI);
    expect(
      await screen.findByText(
        'The gift sold out just as everyone chipped in. Choose another gift up to ₹1,499 by 4 Dec 2026, 11:00 am, or refund everyone; if you choose nothing, everyone is refunded then.',
      ),
    ).toBeTruthy();
    const order = screen.getByRole('button', { name: 'Order this gift instead' }) as HTMLButtonElement;
    expect(order.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Refund everyone' })).toBeTruthy();
    // Nothing is chosen for the organiser.
    const diyas = screen.getByRole('radio', { name: 'Silver Diya Set, ₹1,000 (₹499 back to the friends)' });
    expect((diyas as HTMLInputElement).checked).toBe(false);
    await userEvent.click(diyas);
    await userEvent.click(order);
    expect(await screen.findByRole('link', { name: 'Order UG-1042 in My Orders' })).toBeTruthy();
    expect(sent).toEqual([
      {
        url: 'http://localhost:3000/api/group-gifts/a-token/replacement',
        body: { productId: 42, totalAmount: 1000 },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Refund everyone' })).toBeNull();
  });

  it('tells a friend of a sold-out pool that the organiser may choose another gift, and offers them no choice', async () => {
    renderPool({
      status: 200,
      body: { ...POOL, state: 'sold_out', chooseBy: '2026-12-04T05:30:00.000Z' },
    });
    expect(
      await screen.findByText(
        'The gift sold out just as the total was met. The organiser may choose another gift by 4 Dec 2026, 11:00 am; if not, everyone is refunded.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order this gift instead' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign in with your mobile number to chip in' })).toBeNull();
  });
});
